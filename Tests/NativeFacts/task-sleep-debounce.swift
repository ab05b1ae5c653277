// fact: A debounce with tasks: when each keystroke cancels the previous search task and each task first sleeps (try await Task.sleep) before it sends its request, a keystroke within the sleep cancels the sleeping task, whose sleep throws, so only the last keystroke's task sends a request.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: requests sent: swift
// log: tasks whose sleep was cut short: 4
// Five keystrokes 30 ms apart on the main actor; the debounce sleep is 200 ms.

@MainActor final class SearchModel {
  var searchTask: Task<Void, Never>?
  var requests: [String] = []
  var cutShort = 0

  func type(_ searchTerm: String) {
    searchTask?.cancel()
    searchTask = Task {
      do {
        try await Task.sleep(for: .milliseconds(200))
      } catch {
        cutShort += 1
        return
      }
      requests.append(searchTerm)
    }
  }
}

let model = SearchModel()
for term in ["s", "sw", "swi", "swif", "swift"] {
  model.type(term)
  try? await Task.sleep(for: .milliseconds(30))
}
await model.searchTask?.value
print("log: requests sent: \(model.requests.joined(separator: ", "))")
print("log: tasks whose sleep was cut short: \(model.cutShort)")
