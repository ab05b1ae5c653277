/// The runtime's own identifier of the task a job belongs to (0 for a job that is not a task).
///
/// Private, and kept on purpose: no public API answers "which task is this job?" at enqueue time.
/// `ExecutorJob`/`UnownedJob` expose only `priority` (8 bits, escalated by the runtime) and
/// `description` ("UnownedJob(id: N)", the same number, but formatting and parsing it costs about
/// 180 ns per job against 4 ns, and its text is no contract). A task-local read in `enqueue` is
/// the enqueuer's (a resumed continuation is enqueued by the task that resumed it), and a job's
/// address is reused by later tasks once a task is freed, which would merge their choices.
/// `async let` and group children are created by the runtime, so the lab cannot tag them either.
@_silgen_name("swift_task_getJobTaskId")
func jobTaskID(_ job: UnownedJob) -> UInt64
