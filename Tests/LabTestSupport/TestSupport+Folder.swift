import Foundation

extension TestSupport {
  /// A scratch folder `lab-PREFIX-UUID` under the temporary directory holding `files` (each a
  /// relative path and its text), folders made as needed; the caller removes it. Pairs, not a
  /// dictionary, so that paths Swift's `==` calls equal can both be written.
  public static func folder(
    _ prefix: String, files: some Sequence<(path: String, text: String)>
  ) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-\(prefix)-\(UUID())")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }
}
