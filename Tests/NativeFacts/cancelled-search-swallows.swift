// fact: Cancelling a Task makes the Task.sleep it awaits throw CancellationError at once; a search that catches every error and returns [] then returns normally, and its task goes on to assign the empty result, unless it checks Task.isCancelled after the await.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: searches whose sleep threw CancellationError well before its 300 ms: 4
// log: answers: [], [], [], [], [books about swift]
// log: isSearching: false
// log: with the check after the await, answers: [books about swift]
// Five keystrokes 30 ms apart on the main actor; each cancels the previous search task and starts
// one more; a search takes 300 ms. The check is `if Task.isCancelled { return }`.
import Synchronization

let clock = ContinuousClock()
let cutShort = Atomic<Int>(0)

/// A request that takes 300 ms; like the tutorial's, it turns every error into an empty list.
func searchBooks(matching term: String) async -> [String] {
  let start = clock.now
  do {
    try await Task.sleep(for: .milliseconds(300))
    return ["books about \(term)"]
  } catch {
    if error is CancellationError && clock.now - start < .milliseconds(200) {
      cutShort.add(1, ordering: .sequentiallyConsistent)
    }
    return []
  }
}

@MainActor final class SearchModel {
  var searchTask: Task<Void, Never>?
  var result: [String] = []
  var isSearching = false
  var answers: [String] = []
  let checksCancellation: Bool

  init(checksCancellation: Bool) { self.checksCancellation = checksCancellation }

  func type(_ searchTerm: String) {
    searchTask?.cancel()
    searchTask = Task {
      isSearching = true
      let books = await searchBooks(matching: searchTerm)
      if checksCancellation && Task.isCancelled { return }
      result = books
      answers.append("[\(result.joined(separator: ", "))]")
      if !Task.isCancelled { isSearching = false }
    }
  }

  func typeFiveKeys() async {
    for term in ["s", "sw", "swi", "swif", "swift"] {
      type(term)
      try? await Task.sleep(for: .milliseconds(30))
    }
    await searchTask?.value
  }
}

let model = SearchModel(checksCancellation: false)
await model.typeFiveKeys()
print(
  "log: searches whose sleep threw CancellationError well before its 300 ms: \(cutShort.load(ordering: .sequentiallyConsistent))"
)
print("log: answers: \(model.answers.joined(separator: ", "))")
print("log: isSearching: \(model.isSearching)")

let checking = SearchModel(checksCancellation: true)
await checking.typeFiveKeys()
print("log: with the check after the await, answers: \(checking.answers.joined(separator: ", "))")
