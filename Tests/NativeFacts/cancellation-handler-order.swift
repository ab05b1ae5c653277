// fact: withTaskCancellationHandler's onCancel runs inside the canceller's cancel() call, on the canceller's thread, before cancel() returns, while the operation goes on blocking; for a task already cancelled, it runs at once, before the operation's first line.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: download: the operation blocks for 500 ms
// log: onCancel of download runs on the thread that called cancel(): true
// log: cancel() returned
// log: onCancel of download had run while the operation still blocked: true
// log: download: the operation's block ended; Task.isCancelled is true
// log: late: onCancel runs first
// log: late: the operation runs after the handler
//
// main cancels `download` 100 ms into its 500 ms block (usleep). `late` cancels itself before it
// reaches withTaskCancellationHandler.
import Foundation
import Synchronization

func log(_ text: String) { print("log: \(text)") }
func threadID() -> UInt64 { UInt64(pthread_self()) }

let cancellerThread = Atomic<UInt64>(0)
let operationEnded = Atomic<Bool>(false)
let handlerRanWhileBlocked = Atomic<Bool>(false)

@main struct Main {
  static func main() async {
    let download = Task.detached {
      await withTaskCancellationHandler {
        log("download: the operation blocks for 500 ms")
        usleep(500_000)
        operationEnded.store(true, ordering: .sequentiallyConsistent)
        log("download: the operation's block ended; Task.isCancelled is \(Task.isCancelled)")
      } onCancel: {
        let same = threadID() == cancellerThread.load(ordering: .sequentiallyConsistent)
        log("onCancel of download runs on the thread that called cancel(): \(same)")
        handlerRanWhileBlocked.store(
          !operationEnded.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent
        )
      }
    }
    try? await Task.sleep(for: .milliseconds(100))
    await Task.detached {
      cancellerThread.store(threadID(), ordering: .sequentiallyConsistent)
      download.cancel()
      log("cancel() returned")
    }.value
    log(
      "onCancel of download had run while the operation still blocked: "
        + "\(handlerRanWhileBlocked.load(ordering: .sequentiallyConsistent))")
    await download.value

    await Task.detached {
      withUnsafeCurrentTask { $0?.cancel() }
      await withTaskCancellationHandler {
        log("late: the operation runs after the handler")
      } onCancel: {
        log("late: onCancel runs first")
      }
    }.value
  }
}
