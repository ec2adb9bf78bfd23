import Glibc

/// Threads that evaluate parts of a tick alongside the ticking thread (the engine's tick
/// thread count). A round gives part 0 to the ticking thread and part k to worker k, and
/// returns when every part is done, so the caller's data is handed over and back through the
/// pool's mutex (nothing else is shared). Workers sleep between rounds; when the pool goes
/// away it stops and joins them.
///
/// A round's work is a C function and a pointer to the caller's data, not a closure: a closure
/// handed to other threads has its context allocated, once per round.
final class TickThreads: @unchecked Sendable {
    /// One part of a round's work: `job(context, part)`.
    typealias Job = @convention(c) (UnsafeMutableRawPointer, Int) -> Void

    /// Threads in all, the ticking one included: the workers started, and the caller.
    var count: Int { workers.count + 1 }
    /// The threads asked for.
    private let requested: Int
    /// The process that started the workers: a child forked since has none (it runs every part
    /// itself).
    private let process = getpid()
    /// The most threads an engine may tick on.
    static let maximumCount = 64

    /// What the workers share with the pool. They hold it, not the pool, so that the pool goes
    /// away when the engine lets it go (and then stops them).
    private let rounds = Rounds()
    private var workers: [pthread_t] = []

    /// A pool for `count` threads in all (2 to `maximumCount`); `start()` starts its workers.
    init(count: Int) {
        requested = count
    }

    /// Starts the `count − 1` workers; false when the system refuses a thread (those started
    /// stop when the pool goes away).
    func start() -> Bool {
        for worker in 1..<requested {
            let start = UnsafeMutablePointer<WorkerStart>.allocate(capacity: 1)
            start.initialize(to: WorkerStart(rounds: Unmanaged.passRetained(rounds), worker: worker))
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { argument in
                guard let argument else { return nil }
                let start = argument.assumingMemoryBound(to: WorkerStart.self)
                let (rounds, worker) = (start.pointee.rounds.takeRetainedValue(), start.pointee.worker)
                start.deinitialize(count: 1)
                start.deallocate()
                rounds.work(as: worker)
                return nil
            }, start)
            guard status == 0 else {
                start.pointee.rounds.release()
                start.deinitialize(count: 1)
                start.deallocate()
                return false
            }
            workers.append(thread)
        }
        return true
    }

    deinit {
        rounds.stop()
        for thread in workers { pthread_join(thread, nil) }
    }

    /// Runs `job(context, part)` for every part in 0..<`parts` (at most `count`): part 0 on
    /// the calling thread, the others on the workers. Returns when all are done. (More parts
    /// than threads, or a forked child without workers: the calling thread runs them all.)
    func run(parts: Int, context: UnsafeMutableRawPointer, _ job: Job) {
        guard parts > 1, parts <= count, getpid() == process else {
            for part in 0..<parts { job(context, part) }
            return
        }
        rounds.run(parts: parts, context: context, job)
    }
}

/// The rounds of a `TickThreads`: the work of the current one, and the mutex and conditions
/// that hand it over.
private final class Rounds: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    private let finished: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
    private var round: UInt64 = 0
    private var parts = 0
    private var unfinished = 0
    private var isStopping = false
    private var job: TickThreads.Job?
    private var context: UnsafeMutableRawPointer?

    init() {
        mutex = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        finished = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(finished)
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        finished.deallocate()
        wake.deallocate()
        mutex.deallocate()
    }

    /// A round of `parts` (2 or more, no more than the workers + 1): see `TickThreads.run`.
    func run(parts: Int, context: UnsafeMutableRawPointer, _ job: TickThreads.Job) {
        pthread_mutex_lock(mutex)
        self.job = job
        self.context = context
        self.parts = parts
        unfinished = parts - 1
        round &+= 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        job(context, 0)
        pthread_mutex_lock(mutex)
        while unfinished > 0 { pthread_cond_wait(finished, mutex) }
        self.job = nil
        self.context = nil
        pthread_mutex_unlock(mutex)
    }

    /// Tells every worker to end its loop.
    func stop() {
        pthread_mutex_lock(mutex)
        isStopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }

    /// A worker's loop: waits for a round, runs its part if the round has one, until stopped.
    func work(as worker: Int) {
        var seen: UInt64 = 0
        pthread_mutex_lock(mutex)
        while true {
            while round == seen && !isStopping { pthread_cond_wait(wake, mutex) }
            if isStopping { break }
            seen = round
            guard worker < parts, let job, let context else { continue }
            pthread_mutex_unlock(mutex)
            job(context, worker)
            pthread_mutex_lock(mutex)
            unfinished -= 1
            if unfinished == 0 { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(mutex)
    }
}

/// What a new worker thread is given: the rounds it takes part in (one reference, which the
/// worker keeps until it ends) and its part.
private struct WorkerStart {
    let rounds: Unmanaged<Rounds>
    let worker: Int
}
