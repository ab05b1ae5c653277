/// Padding for the columns of the lab's tables.
enum TableText {
  static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }
}

extension String {
  /// The widest a table's text column is made: a longer cell (an outcome of many values, cut at
  /// 1,000 columns) runs past it on its own row, not every row padded to its width.
  package static let widestColumn = 80

  /// The string followed by spaces up to `width` characters.
  package func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
