// fact: An actor is free while one of its methods is suspended at an `await`: two callers of a cache that checks, awaits a 200 ms download and then stores both miss the cache and download twice; a third call after both hits.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: first caller: cache miss, downloading
// log: second caller: cache miss, downloading
// log: downloads after two callers at once: 2
// log: third caller: cache hit
// log: downloads in all: 2
import Foundation

actor ImageCache {
  var images: [String: String] = [:]
  var downloads = 0

  func image(_ name: String, caller: String) async -> String {
    if let image = images[name] {
      print("log: \(caller): cache hit")
      return image
    }
    downloads += 1
    print("log: \(caller): cache miss, downloading")
    try? await Task.sleep(for: .milliseconds(200))
    let image = "pixels of \(name)"
    images[name] = image
    return image
  }
}

@main struct Main {
  static func main() async {
    let cache = ImageCache()
    let first = Task { await cache.image("cat", caller: "first caller") }
    try? await Task.sleep(for: .milliseconds(20))
    let second = Task { await cache.image("cat", caller: "second caller") }
    _ = await first.value
    _ = await second.value
    print("log: downloads after two callers at once: \(await cache.downloads)")
    _ = await cache.image("cat", caller: "third caller")
    print("log: downloads in all: \(await cache.downloads)")
  }
}
