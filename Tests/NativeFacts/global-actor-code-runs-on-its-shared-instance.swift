// fact: Code marked with a global actor runs on that actor's `shared` instance: a @Database
//   function passes `Database.shared.preconditionIsolated()` and reads the instance's state
//   through `assumeIsolated` without an await — which the compiler does not allow as a plain
//   synchronous access, since it does not know `shared` is the instance the attribute means.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: @Database code ran on Database.shared, saved: 1
@globalActor actor Database {
  static let shared = Database()
  var saved = 0
  func save() { saved += 1 }
}

@Database func saveOnTheSharedInstance() -> Int {
  Database.shared.preconditionIsolated()  // traps unless this runs on the shared instance
  return Database.shared.assumeIsolated { database in
    database.save()
    return database.saved
  }
}

@main struct Main {
  static func main() async {
    print("log: @Database code ran on Database.shared, saved: \(await saveOnTheSharedInstance())")
  }
}
