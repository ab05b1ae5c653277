import LabCommandLine
import LabModel

extension LessonSession {
  /// What a pause of `lab lesson --step` waits for the learner to go on to.
  package enum Pause: Sendable {
    /// The next section.
    case section
    /// The next screen of a section taller than the terminal.
    case more
  }

  /// Shows a section; false when the learner stopped in it. When the lesson pauses and the
  /// terminal's height is known, a section taller than the screen is shown a screen at a time,
  /// each screen after the first opening with the section's heading again: the learner reads
  /// from the top of each screen and always sees which section it is, where a section printed
  /// whole would scroll its start, heading first, off the screen before they read it.
  mutating func showPaged(_ section: Lesson.Section) -> Bool {
    // A prediction waits for an answer where it stands: its section is shown as it is made.
    guard let pause = surroundings.pause, let rows = surroundings.rows, rows >= 8,
      !section.blocks.contains(where: { $0.prediction != nil })
    else {
      sayHeading(section)
      for block in section.blocks { show(block) }
      return true
    }
    let screen = surroundings.write
    let held = HeldText()
    surroundings.write = { held.text += $0 }
    sayHeading(section)
    for block in section.blocks { show(block) }
    surroundings.write = screen
    let again =
      section.heading.map { printer.paint("## \(terminalSafe($0)) (continued)", .bold) + "\n" }
      ?? ""
    return Self.page(
      held.text, again: again, rows: rows, width: surroundings.width, write: screen,
      pause: { pause(.more) })
  }

  /// A section's `## heading`, wrapped to the terminal as the prose is.
  func sayHeading(_ section: Lesson.Section) {
    guard let title = section.heading else { return }
    printer.say("## \(terminalSafe(title))", .bold)
    printer.out("\n")
  }

  /// `text` in screens of `rows` less the pause's line, with `again` atop each after the first;
  /// false when the learner stopped.
  static func page(
    _ text: String, again: String, rows: Int, width: Int?, write: (String) -> Void,
    pause: () -> Bool
  ) -> Bool {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    let room = rows - 1
    var screen = ""
    var used = 0
    for line in lines {
      let height = screenRows(line, width: width)
      if used > 0, used + height > room {
        write(screen)
        guard pause() else { return false }
        (screen, used) = (again, again.isEmpty ? 0 : 1)
      }
      screen += line + "\n"
      used += height
    }
    write(screen)
    return true
  }

  /// How many rows of a terminal `width` columns wide a line takes: its characters, less its
  /// colour codes, wrapped.
  static func screenRows(_ line: Substring, width: Int?) -> Int {
    guard let width, width > 0 else { return 1 }
    var count = 0
    var inEscape = false
    for character in line {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        inEscape = !character.isLetter
      } else {
        count += 1
      }
    }
    return max(1, (count + width - 1) / width)
  }
}

/// A section's text while it is made, before it is paged.
private final class HeldText {
  var text = ""
}
