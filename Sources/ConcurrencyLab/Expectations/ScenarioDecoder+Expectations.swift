/// Decoding of a scenario's `expect` block.
extension ScenarioDecoder {
  mutating func decodeExpectations(_ node: JSONNode, path: String) -> Expectations {
    var expect = Expectations()
    guard case .object(let object) = node.value else {
      error("'expect' must be an object", at: node.location, path: path)
      return expect
    }
    checkKeys(
      object, allowed: ["duration", "values", "mainStall", "tolerance"], path: path,
      what: "expectation")
    expect.duration = integer(object, "duration", path: "\(path).duration", range: 0...Int64.max)
    if let values = object["values"] {
      if case .object(let members) = values.value {
        for member in members.members {
          if let value = literal(member.value, path: "\(path).values.\(member.key)") {
            expect.values.append((member.key, value))
          }
        }
      } else {
        error("'values' must be an object of variable names and values", at: values.location, path: "\(path).values")
      }
    }
    if let stall = object["mainStall"] {
      expect.mainStall = decodeBound(stall, path: "\(path).mainStall")
    }
    if let tolerance = object["tolerance"], case .object(let members) = tolerance.value {
      let milliseconds = members["ms"]?.value.doubleValue ?? Tolerance.live.milliseconds
      let percent = members["percent"]?.value.doubleValue ?? Tolerance.live.percent
      expect.tolerance = Tolerance(milliseconds: milliseconds, percent: percent)
    }
    return expect
  }

  mutating func decodeBound(_ node: JSONNode, path: String) -> Bound? {
    switch node.value {
    case .integer(let exact):
      return Bound(atLeast: exact, atMost: exact)
    case .object(let object):
      checkKeys(object, allowed: ["atLeast", "atMost"], path: path, what: "bound")
      let bound = Bound(
        atLeast: integer(object, "atLeast", path: "\(path).atLeast", range: 0...Int64.max),
        atMost: integer(object, "atMost", path: "\(path).atMost", range: 0...Int64.max))
      if bound.atLeast == nil && bound.atMost == nil {
        error("give \"atLeast\", \"atMost\" or both", at: node.location, path: path)
      }
      return bound
    default:
      error(
        "a bound is a number of milliseconds or {\"atMost\": N} / {\"atLeast\": N}",
        at: node.location, path: path)
      return nil
    }
  }
}
