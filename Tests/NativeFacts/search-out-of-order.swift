// fact: Tasks started one per keystroke, none cancelled, assign their answers in the order the answers arrive: when shorter queries take longer, the last answer to arrive — for the first query — is what stays.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: answers arrived: swift, swif, swi, sw, s
// log: result: books about s
// Keystrokes 30 ms apart on the main actor; the answer for "s" takes 500 ms, each longer query
// 100 ms less, so the answers arrive 70 ms apart, last query first.

@MainActor final class SearchModel {
  var result = ""
  var answers: [String] = []
  var tasks: [Task<Void, Never>] = []

  func type(_ searchTerm: String) {
    tasks.append(
      Task {
        try? await Task.sleep(for: .milliseconds(600 - 100 * searchTerm.count))
        result = "books about \(searchTerm)"
        answers.append(searchTerm)
      })
  }
}

let model = SearchModel()
for term in ["s", "sw", "swi", "swif", "swift"] {
  model.type(term)
  try? await Task.sleep(for: .milliseconds(30))
}
for task in model.tasks { await task.value }
print("log: answers arrived: \(model.answers.joined(separator: ", "))")
print("log: result: \(model.result)")
