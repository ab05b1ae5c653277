// fact: On Linux, ContinuousClock.now reads clock_gettime(CLOCK_BOOTTIME), and SuspendingClock.now and DispatchTime.now() read CLOCK_MONOTONIC, through the C library: a program's own clock_gettime, exported, is the one they call.
// checked: Swift 6.3.1, Linux
// compare: sequence
// flags: -Xlinker --export-dynamic-symbol=clock_gettime
// log: ContinuousClock.now reads CLOCK_BOOTTIME
// log: SuspendingClock.now reads CLOCK_MONOTONIC
// log: DispatchTime.now() reads CLOCK_MONOTONIC
// `lab run FILE.swift` builds on this (docs/own-programs.md): its scheduler's clock_gettime gives
// CLOCK_BOOTTIME, CLOCK_MONOTONIC and CLOCK_REALTIME the virtual time on its threads, so every
// clock and Task.sleep read it, and moves a Dispatch deadline back onto the machine's clock,
// which Dispatch's own threads keep.
import Dispatch
import Glibc

typealias ClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
nonisolated(unsafe) let realClockGetTime = unsafeBitCast(
  dlsym(UnsafeMutableRawPointer(bitPattern: -1), "clock_gettime"), to: ClockGetTime.self)
nonisolated(unsafe) var read: [clockid_t] = []

@_cdecl("clock_gettime")
public func recordingClockGetTime(_ id: clockid_t, _ time: UnsafeMutablePointer<timespec>?)
  -> Int32
{
  read.append(id)
  return realClockGetTime(id, time)
}

func name(_ id: clockid_t) -> String {
  switch id {
  case CLOCK_BOOTTIME: "CLOCK_BOOTTIME"
  case CLOCK_MONOTONIC: "CLOCK_MONOTONIC"
  case CLOCK_REALTIME: "CLOCK_REALTIME"
  default: "clock \(id)"
  }
}

func reads(_ what: String, _ body: () -> Void) {
  read = []
  body()
  print("log: \(what) reads \(read.map(name).joined(separator: ", "))")
}

@main struct Main {
  static func main() {
    reads("ContinuousClock.now") { _ = ContinuousClock.now }
    reads("SuspendingClock.now") { _ = SuspendingClock.now }
    reads("DispatchTime.now()") { _ = DispatchTime.now() }
  }
}
