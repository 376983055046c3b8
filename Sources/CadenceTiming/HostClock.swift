#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's monotonic clock, in nanoseconds, and sleeps until absolute points on it.
///
/// Pacing sleeps *until* a deadline (`clock_nanosleep` with `TIMER_ABSTIME`), never *for* a
/// duration: a relative sleep adds the time spent before it to every frame and drifts.
public enum HostClock {
    /// Nanoseconds on `CLOCK_MONOTONIC`; only differences mean anything.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Blocks until `deadline` (nanoseconds on `now()`): sleeps until `spin` before it, then
    /// spins, because waking from a sleep takes tens of microseconds on a busy machine.
    /// Returns at once for a deadline already passed.
    public static func sleep(until deadline: UInt64, spin: UInt64 = 500_000) {
        if deadline > spin, now() < deadline - spin {
            var target = timespec(tv_sec: Int(deadline - spin) / 1_000_000_000, tv_nsec: Int(deadline - spin) % 1_000_000_000)
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
        }
        while now() < deadline {}
    }

    /// Blocks for `duration` nanoseconds from now with a plain relative sleep (the naive
    /// baseline's sleep; pacing never uses it).
    public static func sleep(for duration: UInt64) {
        var request = timespec(tv_sec: Int(duration / 1_000_000_000), tv_nsec: Int(duration % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR {
            request = remaining
        }
    }

    /// Keeps a core busy for `duration` nanoseconds: simulated frame work for benchmarks.
    public static func busyWork(for duration: UInt64) {
        let end = now() + duration
        while now() < end {}
    }
}
