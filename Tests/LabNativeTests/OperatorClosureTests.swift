import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// An async sequence operator's closure is `@Sendable` and isolated to nothing, so in an actor's
/// method it reads the actor's state as `await self.name`: written as `limit`, swiftc refused it
/// ("requires explicit use of 'self'", "actor-isolated property … cannot be accessed").
@Suite struct OperatorClosureTests {
  static let shop = """
    { "format": 1, "name": "shop-filter", "streams": { "prices": "unbounded" },
      "actors": { "Shop": { "state": { "limit": 2, "seen": 0 },
        "methods": { "watch": { "params": [], "steps": [
          { "forAwait": "prices", "as": "p", "operators": [
            { "filter": "p > limit" }, { "map": "p + limit" } ],
            "steps": [ { "add": "seen", "value": "p" } ] },
          { "log": "seen {seen}" } ] } } } },
      "steps": [
        { "task": "w", "steps": [ { "actorCall": "Shop.watch" } ] },
        { "streamYield": "prices", "value": 1 }, { "streamYield": "prices", "value": 3 },
        { "streamFinish": "prices" }, { "awaitTask": "w" } ] }
    """

  @Test func anActorsStateIsAwaitedThroughSelfAndTheProgramCompiles() throws {
    let scenario = try TestSupport.scenario(json: Self.shop)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(result.events.contains { $0.kind == .log && $0.text == "seen 5" }, "\(label)")
    }
    let source = try SwiftProgram.generate(scenario)
    #expect(source.contains("prices.filter({ p in await p > self.limit })"), "\(source)")
    #expect(source.contains(".map({ p in await p + self.limit })"), "\(source)")
    guard let check = try TestSupport.compileProgram(scenario, source: source) else { return }
    #expect(check.swift6.compiled, "\(check.report)")
  }
}
