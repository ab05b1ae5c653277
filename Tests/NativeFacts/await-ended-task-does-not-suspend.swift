// fact: Awaiting the value of a task that has already ended does not suspend: a Task.immediate on the main actor that awaits such a task goes on past that await before its caller's next line.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after awaiting an ended task, then the caller's next line
@main struct Main {
  static func main() async {
    let ended = Task { 1 }
    _ = await ended.value
    var order: [String] = []
    let immediate = Task.immediate {
      _ = await ended.value
      order.append("after awaiting an ended task")
    }
    order.append("the caller's next line")
    await immediate.value
    print("log: \(order.joined(separator: ", then "))")
  }
}
