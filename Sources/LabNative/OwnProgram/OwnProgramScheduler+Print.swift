// The text of the scheduler's LabSchedulerPrint.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerPrint.swift`: the program's `print` (and `debugPrint`, `dump`), compiled with it rather than into the scheduler's object.
  static let printSource = #"""
    // The program's `print` and `debugPrint`, compiled with it as a file of its own module so that
    // its calls find them before the standard library's: each writes a record through the lab's
    // scheduler (LabSchedulerClock.swift), with the task that printed and the time.
    @_silgen_name("labSchedulerPrinted")
    func labSchedulerPrinted(_ text: String, terminator: String)

    /// `print` in the program: a record of what it printed, which task printed it, and when.
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
      labSchedulerPrinted(items.map { "\($0)" }.joined(separator: separator), terminator: terminator)
    }

    /// `debugPrint` in the program, as `print`.
    func debugPrint(_ items: Any..., separator: String = " ", terminator: String = "\n") {
      labSchedulerPrinted(
        items.map { String(reflecting: $0) }.joined(separator: separator), terminator: terminator)
    }

    /// `dump` in the program, as `print`: what it would write, as one record.
    @discardableResult
    func dump<T>(
      _ value: T, name: String? = nil, indent: Int = 0, maxDepth: Int = .max, maxItems: Int = .max
    ) -> T {
      var text = ""
      Swift.dump(value, to: &text, name: name, indent: indent, maxDepth: maxDepth, maxItems: maxItems)
      labSchedulerPrinted(text, terminator: "")
      return value
    }
    """#
}
