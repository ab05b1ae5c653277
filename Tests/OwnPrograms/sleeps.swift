// Five children sleep 5 seconds each, at once: the group ends after 5 seconds, not 25.
let clock = ContinuousClock()
let start = clock.now
await withTaskGroup(of: Int.self) { group in
  for index in 1...5 {
    group.addTask {
      try? await Task.sleep(for: .seconds(5))
      return index
    }
  }
  var finished = 0
  for await _ in group { finished += 1 }
  print("\(finished) children finished")
}
print("took \(clock.now - start)")
