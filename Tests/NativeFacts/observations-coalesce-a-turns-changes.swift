// fact: Observations (SE-0475) over an @Observable model on the main actor yields the current value first, then one value for all the changes main made in one turn: two properties set one after the other are seen together, never one without the other, and a value overwritten in the same turn is never seen.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: saw count 0, label ''
// log: saw count 1, label 'one'
// log: saw count 3, label 'three'
//
// main changes the model twice in one turn (count and label), sleeps 200 ms so that the reader
// runs, then three times in one turn (count to 2, then 3, and label): the reader sees each turn's
// changes as one value.
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
        if model.count == 3 { break }
      }
    }
    try? await Task.sleep(for: .milliseconds(200))
    model.count = 1
    model.label = "one"
    try? await Task.sleep(for: .milliseconds(200))
    model.count = 2
    model.count = 3
    model.label = "three"
    await reader.value
  }
}
