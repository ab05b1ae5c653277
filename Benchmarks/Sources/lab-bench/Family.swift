import LabModel

/// n children that each add 1 to one counter k times, with the number of orders of their
/// conflicting steps, counted by brute force.
struct Family {
  var children: Int
  var adds: Int
  var traces: Int
  var scenario: Scenario {
    let steps = Array(repeating: "{ \"add\": \"counter\" }", count: adds).joined(separator: ", ")
    let json = """
      { "format": 1, "name": "adds-\(children)x\(adds)", "title": "t", "threads": \(children),
        "state": { "counter": 0 },
        "steps": [ { "group": "adders", "count": \(children), "steps": [ \(steps) ] } ] }
      """
    return try! ScenarioLoader.load(bytes: Array(json.utf8), file: "adds.json")
  }
}
