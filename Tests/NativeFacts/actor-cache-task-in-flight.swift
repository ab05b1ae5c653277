// fact: An actor cache that stores the download's Task before its first `await`, and lets a later
//   caller await that task, downloads once for two callers at once: the second caller finds the
//   task in flight across the first caller's suspension.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: first caller: cache miss, downloading
// log: second caller: download in flight, awaiting it
// log: both callers got: pixels of cat
// log: downloads after two callers at once: 1

actor ImageCache {
  var images: [String: Task<String, Never>] = [:]
  var downloads = 0

  func image(_ name: String, caller: String) async -> String {
    if let inFlight = images[name] {
      print("log: \(caller): download in flight, awaiting it")
      return await inFlight.value
    }
    downloads += 1
    print("log: \(caller): cache miss, downloading")
    let download = Task {
      try? await Task.sleep(for: .milliseconds(200))
      return "pixels of \(name)"
    }
    images[name] = download  // recorded before the first suspension
    return await download.value
  }
}

@main struct Main {
  static func main() async {
    let cache = ImageCache()
    let first = Task { await cache.image("cat", caller: "first caller") }
    try? await Task.sleep(for: .milliseconds(20))
    let second = Task { await cache.image("cat", caller: "second caller") }
    let one = await first.value
    let two = await second.value
    print("log: both callers got: \(one == two ? one : "\(one) and \(two)")")
    print("log: downloads after two callers at once: \(await cache.downloads)")
  }
}
