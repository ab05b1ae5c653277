// A detached task is queued on the pool and starts on a free thread at once, beside its
// creator, which goes on on the main thread: which line comes first is the threads' race, not
// the code's order.
let child = Task.detached { print("child") }
print("creator")
await child.value
