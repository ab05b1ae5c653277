// fact: Task(name:) and group.addTask(name:) give a task a name that Task.name reads inside it; a program's main task, an async let child and a Task {} made without a name read nil: a name is not inherited.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: main reads none
// log: download reads download
// log: the async let child reads none
// log: a Task {} made in download reads none
// log: group children read resize[a], resize[b]
import Foundation

func name() -> String { Task.name ?? "none" }

@main struct Main {
  static func main() async {
    print("log: main reads \(name())")
    await Task(name: "download") {
      print("log: download reads \(name())")
      async let child = name()
      print("log: the async let child reads \(await child)")
      print("log: a Task {} made in download reads \(await Task { name() }.value)")
    }.value
    let names = await withTaskGroup(of: String.self) { group in
      for file in ["a", "b"] {
        group.addTask(name: "resize[\(file)]") { name() }
      }
      var names: [String] = []
      for await name in group { names.append(name) }
      return names.sorted()
    }
    print("log: group children read \(names.joined(separator: ", "))")
  }
}
