// fact: Observations (SE-0475) over an @Observable model on the main actor yields the value as it is at the first next(), then, after each change, the value as it is when main next suspends: changes made with no await between them arrive as one value, and a value overwritten before then is never seen; an await between two changes can let the reader see the first without the second (a sleep did in every run); and a reader busy elsewhere gets only the latest value, skipping whole turns.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: saw count 0, label ''
// log: saw count 1, label 'one'
// log: saw count 3, label 'three'
// log: saw count 6, label 'three'
// log: saw count 7, label 'three'
// log: saw count 7, label 'seven'
//
// main changes the model with pauses between (every pause at least 100 ms, so that the reader
// runs): count and label in one turn; count to 2, then 3, and label in one turn; then, while the
// reader sleeps 400 ms after seeing count 3, count to 4, 5 and 6 in three turns 50 ms apart;
// then count to 7, a 100 ms sleep, and label.
import Observation

@MainActor @Observable final class Model {
  var count = 0
  var label = ""
}

@main struct Main {
  @MainActor static func main() async {
    let model = Model()
    let values = Observations { "count \(model.count), label '\(model.label)'" }
    let reader = Task { @MainActor in
      for await value in values {
        print("log: saw \(value)")
        if model.label == "seven" { break }
        // Busy elsewhere while main makes three more turns of changes.
        if model.count == 3 { try? await Task.sleep(for: .milliseconds(400)) }
      }
    }
    try? await Task.sleep(for: .milliseconds(200))
    model.count = 1
    model.label = "one"
    try? await Task.sleep(for: .milliseconds(200))
    model.count = 2
    model.count = 3
    model.label = "three"
    try? await Task.sleep(for: .milliseconds(100))
    for count in 4...6 {
      model.count = count
      try? await Task.sleep(for: .milliseconds(50))
    }
    try? await Task.sleep(for: .milliseconds(500))
    model.count = 7
    // A sleep, not a Task.yield(): after a yield the reader had run first in 11 of 12 runs, not
    // in all; an await lets the reader in between, it does not make it run.
    try? await Task.sleep(for: .milliseconds(100))
    model.label = "seven"
    await reader.value
  }
}
