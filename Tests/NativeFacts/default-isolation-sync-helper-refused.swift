// fact: Built with -default-isolation MainActor, an unannotated synchronous helper is isolated to the main actor too, so a @concurrent function can no longer call it: "main actor-isolated global function 'where_()' cannot be called from outside of the actor".
// checked: Swift 6.3.1, Linux
// flags: -default-isolation MainActor
// verdict: error: main actor-isolated global function 'where_()' cannot be called from outside of the actor
// swift-format-ignore-file
func where_() -> String { "here" }

@concurrent func decode() async -> String { where_() }
