import LabRuntime

/// What a run makes on first use, by name — a lock, a Dispatch group, an input's stream — and
/// drops when it ends: a `notify` of a group that never emptied holds its steps, and they hold
/// the interpreter, a cycle nothing else frees.
final class RecordsByName<Record: Sendable>: Sendable {
  private let records = Locked<[String: Record]>([:])

  /// The record named `name`, made by `make` the first time it is asked for.
  func record(_ name: String, orMake make: () -> Record) -> Record {
    records.withLock { records in
      if let record = records[name] { return record }
      let record = make()
      records[name] = record
      return record
    }
  }

  func removeAll() { records.withLock { $0 = [:] } }
}
