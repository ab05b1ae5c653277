// fact: On Linux, Foundation's Thread.sleep(forTimeInterval:) calls nanosleep through the C
//   library for the whole interval, then reads clock_gettime(CLOCK_MONOTONIC) and sleeps again
//   for what is left until that clock has moved on by the interval; Date() reads CLOCK_REALTIME;
//   usleep does not call nanosleep through the linker.
// checked: Swift 6.3.1, Linux
// compare: sequence
// flags: -Xlinker --export-dynamic-symbol=clock_gettime -Xlinker --export-dynamic-symbol=nanosleep
// log: Thread.sleep(forTimeInterval: 0.2): CLOCK_MONOTONIC, nanosleep(200 ms), CLOCK_MONOTONIC
// log: Thread.sleep(forTimeInterval: 0.2), nanosleep returning at once: CLOCK_MONOTONIC, nanosleep(200 ms), CLOCK_MONOTONIC, nanosleep(what is left), CLOCK_MONOTONIC
// log: Date(): CLOCK_REALTIME
// log: usleep(1000): nothing
// `lab run FILE.swift` builds on this (docs/own-programs.md): its scheduler's nanosleep holds
// the job's thread for virtual time and its clock_gettime gives CLOCK_MONOTONIC and
// CLOCK_REALTIME the virtual time, so Thread.sleep ends after one call, and usleep is defined
// again too.
import Foundation
import Glibc

typealias ClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
typealias Nanosleep =
  @convention(c) (UnsafePointer<timespec>?, UnsafeMutablePointer<timespec>?) -> Int32
nonisolated(unsafe) let realClockGetTime = unsafeBitCast(
  dlsym(UnsafeMutableRawPointer(bitPattern: -1), "clock_gettime"), to: ClockGetTime.self)
nonisolated(unsafe) let realNanosleep = unsafeBitCast(
  dlsym(UnsafeMutableRawPointer(bitPattern: -1), "nanosleep"), to: Nanosleep.self)
nonisolated(unsafe) var calls: [String] = []
nonisolated(unsafe) var recording = false
/// Whether the next nanosleep returns at once, without sleeping, as a virtual one does.
nonisolated(unsafe) var returnAtOnce = false

@_cdecl("clock_gettime")
public func recordingClockGetTime(_ id: clockid_t, _ time: UnsafeMutablePointer<timespec>?)
  -> Int32
{
  if recording {
    calls.append(
      id == CLOCK_MONOTONIC
        ? "CLOCK_MONOTONIC" : id == CLOCK_REALTIME ? "CLOCK_REALTIME" : "clock \(id)")
  }
  return realClockGetTime(id, time)
}

@_cdecl("nanosleep")
public func recordingNanosleep(
  _ request: UnsafePointer<timespec>?, _ remaining: UnsafeMutablePointer<timespec>?
) -> Int32 {
  guard recording, let request else { return realNanosleep(request, remaining) }
  let milliseconds = request.pointee.tv_sec * 1000 + request.pointee.tv_nsec / 1_000_000
  calls.append(
    calls.contains { $0.hasPrefix("nanosleep") }
      ? "nanosleep(what is left)" : "nanosleep(\(milliseconds) ms)")
  if returnAtOnce {
    returnAtOnce = false
    return 0
  }
  return realNanosleep(request, remaining)
}

func calls(_ what: String, _ body: () -> Void) {
  calls = []
  recording = true
  body()
  recording = false
  print("log: \(what): \(calls.isEmpty ? "nothing" : calls.joined(separator: ", "))")
}

@main struct Main {
  static func main() {
    calls("Thread.sleep(forTimeInterval: 0.2)") { Thread.sleep(forTimeInterval: 0.2) }
    returnAtOnce = true
    calls("Thread.sleep(forTimeInterval: 0.2), nanosleep returning at once") {
      Thread.sleep(forTimeInterval: 0.2)
    }
    calls("Date()") { _ = Date() }
    calls("usleep(1000)") { usleep(1000) }
  }
}
