/// An event as `--format json` writes it (docs/trace-format.md, format 1): a `Codable` value, so
/// a reader decodes the document's `events` with `JSONDecoder`, and the lab writes each one from
/// this form. The fields and their order are format 1's; the payload appears as its text.
extension TraceJSON {
  public struct EncodedEvent: Codable, Sendable, Equatable {
    public var time: Double
    public var lane: String
    public var task: String
    public var kind: TraceEvent.Kind
    public var text: String
    /// Absent when empty.
    public var joins: [String]?

    enum CodingKeys: String, CodingKey {
      case time = "t_ms"
      case lane, task, kind, text, joins
    }

    public init(_ event: TraceEvent) {
      time = event.time
      lane = event.thread
      task = event.task
      kind = event.kind
      text = event.text
      joins = event.joins.isEmpty ? nil : event.joins
    }

    /// One line of the document, keys in the order of `CodingKeys`, as the rest of it is written.
    public var json: String {
      "{\"t_ms\": \(number(time)), \"lane\": \(quote(lane)), \"task\": \(quote(task)), "
        + "\"kind\": \(quote(kind.rawValue)), \"text\": \(quote(text))"
        + (joins.map { ", \"joins\": [" + $0.map(quote).joined(separator: ", ") + "]" } ?? "")
        + "}"
    }
  }
}
