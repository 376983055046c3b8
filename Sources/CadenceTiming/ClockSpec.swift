import CadenceAnimation

/// A generated display clock, as `--clock` writes it: a variable refresh rate, jitter and dropped
/// frames, each optional, joined with `+`.
///
/// - `vrr:120,80,60@0.5s`: the refresh rate switches every 0.5 s (`ms` also works), through
///   the rates given and round again; a switch happens at the first vsync at or after the
///   boundary, as a display switches only between refreshes. Without `vrr`, the rate is the
///   command's `--fps`.
/// - `jitter:0.5ms,seed=7`: every vsync but the first (which stays at 0) is off by a uniform
///   random amount in ±0.5 ms (`s`, `ms` or `us`), its `targetTimestamp` with it, from a
///   seeded generator (SplitMix64, never the system's), so the same spec gives the same
///   trace everywhere. The amount must stay under a quarter of the shortest refresh interval,
///   so that jitter alone is never mistaken for a dropped frame. `seed` defaults to 0.
/// - `drop:every=30` drops every 30th vsync; `drop:5%,seed=3` drops each vsync with
///   probability 5 % (seeded, as jitter). The first vsync is never dropped. A dropped vsync is
///   simply missing: the vsync before keeps its `targetTimestamp`, so the next one arrives a
///   whole interval late.
///
/// Applied in that order: rates, then drops, then jitter. `vrr:120,60@1s+drop:every=10+jitter:0.2ms,seed=1`.
public struct ClockSpec: Sendable, Hashable {
    /// How drops are chosen.
    public enum Drop: Sendable, Hashable {
        /// Every `n`-th vsync (n ≥ 2).
        case every(Int)
        /// Each vsync with this probability (0 … 1), seeded.
        case probability(Double, seed: UInt64)
    }

    /// The rates a variable-refresh display steps through, Hz, and how often it switches, s.
    public var vrr: (rates: [Double], every: Double)? {
        get { vrrRates.map { ($0, vrrEvery) } }
        set {
            vrrRates = newValue?.rates
            vrrEvery = newValue?.every ?? 0
        }
    }
    private var vrrRates: [Double]?
    private var vrrEvery = 0.0
    /// Jitter: the largest offset, seconds, and the seed.
    public var jitter: (amplitude: Double, seed: UInt64)? {
        get { jitterAmplitude.map { ($0, jitterSeed) } }
        set {
            jitterAmplitude = newValue?.amplitude
            jitterSeed = newValue?.seed ?? 0
        }
    }
    private var jitterAmplitude: Double?
    private var jitterSeed: UInt64 = 0
    /// Which vsyncs are dropped, if any.
    public var drop: Drop?
    /// The spec as written, for messages.
    public let text: String

    /// The highest refresh rate a spec may name, Hz.
    public static let maximumRate = 1000.0

    /// The kinds a spec's parts may have.
    public static let kinds = ["vrr", "jitter", "drop"]

    /// Whether `text` looks like a spec (`kind:…`) rather than a trace file's path: a run of
    /// letters, then a colon.
    public static func looksLikeSpec(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// Parses `text`; throws naming the part that is wrong and what is expected.
    public init(_ text: String) throws(ClockTraceError) {
        self.text = text
        var seen: Set<String> = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            guard let colon = part.firstIndex(of: ":") else {
                throw .spec(text, message: "'\(part)' is not kind:parameters (kinds: \(Self.kinds.joined(separator: ", ")); or give a trace file)")
            }
            let kind = String(part[..<colon])
            let parameters = String(part[part.index(after: colon)...])
            guard Self.kinds.contains(kind) else {
                throw .spec(text, message: "unknown clock kind '\(kind)' (kinds: \(Self.kinds.joined(separator: ", ")); or give a trace file)")
            }
            guard seen.insert(kind).inserted else { throw .spec(text, message: "'\(kind)' is given twice") }
            switch kind {
            case "vrr": try parseVRR(parameters)
            case "jitter": try parseJitter(parameters)
            default: try parseDrop(parameters)
            }
        }
    }

    private mutating func parseVRR(_ parameters: String) throws(ClockTraceError) {
        let form = "vrr:RATE,RATE,…@INTERVAL, e.g. vrr:120,80,60@0.5s"
        let halves = parameters.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2 else { throw .spec(text, message: "expected \(form), got 'vrr:\(parameters)'") }
        var rates: [Double] = []
        for field in halves[0].split(separator: ",", omittingEmptySubsequences: false) {
            guard let rate = Double(field), rate.isFinite, rate > 0, rate <= Self.maximumRate else {
                throw .spec(text, message: "vrr rate '\(field)' must be a number of Hz above 0 and at most \(Int(Self.maximumRate)) (\(form))")
            }
            rates.append(rate)
        }
        let every = try duration(String(halves[1]), name: "vrr interval", form: form)
        guard every > 0 else { throw .spec(text, message: "vrr interval must be above 0 (\(form))") }
        let slowest = rates.min() ?? 1
        guard every >= 1 / slowest else {
            throw .spec(text, message: "vrr interval \(halves[1]) is shorter than one refresh at \(slowest.formatted) Hz")
        }
        vrr = (rates, every)
    }

    private mutating func parseJitter(_ parameters: String) throws(ClockTraceError) {
        let form = "jitter:AMOUNT[,seed=N], e.g. jitter:0.5ms,seed=7"
        let fields = parameters.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(fields.count) else { throw .spec(text, message: "expected \(form), got 'jitter:\(parameters)'") }
        let amplitude = try duration(fields[0], name: "jitter amount", form: form)
        let seed = try fields.count == 2 ? self.seed(fields[1], form: form) : 0
        jitter = (amplitude, seed)
    }

    private mutating func parseDrop(_ parameters: String) throws(ClockTraceError) {
        let form = "drop:every=N or drop:P%[,seed=N], e.g. drop:every=30 or drop:5%,seed=3"
        let fields = parameters.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if fields.count == 1, fields[0].hasPrefix("every=") {
            guard let n = Int(fields[0].dropFirst("every=".count)), n >= 2, n <= VSyncTrace.maximumCount else {
                throw .spec(text, message: "drop every=N needs a whole N from 2 to \(VSyncTrace.maximumCount), got '\(fields[0])'")
            }
            drop = .every(n)
            return
        }
        guard (1...2).contains(fields.count), fields[0].hasSuffix("%"),
              let percent = Double(fields[0].dropLast()) else {
            throw .spec(text, message: "expected \(form), got 'drop:\(parameters)'")
        }
        guard percent.isFinite, percent >= 0, percent < 100 else {
            throw .spec(text, message: "drop probability must be 0% or more and below 100%, got \(fields[0])")
        }
        drop = .probability(percent / 100, seed: try fields.count == 2 ? seed(fields[1], form: form) : 0)
    }

    private func seed(_ field: String, form: String) throws(ClockTraceError) -> UInt64 {
        guard field.hasPrefix("seed="), let seed = UInt64(field.dropFirst("seed=".count)) else {
            throw .spec(text, message: "'\(field)' must be seed=N with N a whole number from 0 to \(UInt64.max) (\(form))")
        }
        return seed
    }

    /// `0.5s`, `500ms`, `250us` or a bare number of seconds, in seconds.
    private func duration(_ field: String, name: String, form: String) throws(ClockTraceError) -> Double {
        let units: [(String, Double)] = [("ms", 1e-3), ("us", 1e-6), ("s", 1)]
        var number = Substring(field)
        var scale = 1.0
        if let unit = units.first(where: { field.hasSuffix($0.0) }) {
            number = number.dropLast(unit.0.count)
            scale = unit.1
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= VSyncTrace.maximumTime else {
            throw .spec(text, message: "\(name) '\(field)' must be a number of seconds (s, ms or us) from 0 to \(Int(VSyncTrace.maximumTime)) s (\(form))")
        }
        return value * scale
    }

    // MARK: Generating

    /// The clock's vsyncs from 0 while their timestamps are below `duration` seconds, or the
    /// first `count` of them (whichever is given; `count` wins), at `fps` unless the spec
    /// has `vrr`. Throws naming the spec when the result would break a trace's rules (jitter
    /// too large for the rate, too many vsyncs).
    public func generate(fps: Double, duration: Double? = nil, count: Int? = nil) throws(ClockTraceError) -> VSyncTrace {
        guard fps.isFinite, fps > 0, fps <= Self.maximumRate else {
            throw .spec(text, message: "the base rate (--fps) must be above 0 and at most \(Int(Self.maximumRate)) Hz, got \(fps)")
        }
        let fastest = vrrRates?.max() ?? fps
        if let duration {
            guard duration.isFinite, duration >= 0, duration <= VSyncTrace.maximumTime else {
                throw .spec(text, message: "the duration must be 0 … \(Int(VSyncTrace.maximumTime)) s, got \(duration)")
            }
            guard count != nil || duration * fastest <= Double(VSyncTrace.maximumCount) else {
                throw .spec(text, message: "\(duration) s at up to \(fastest.formatted) Hz is above the limit of \(VSyncTrace.maximumCount) vsyncs")
            }
        }
        if let count, count < 1 || count > VSyncTrace.maximumCount {
            throw .spec(text, message: "the number of vsyncs must be 1 … \(VSyncTrace.maximumCount), got \(count)")
        }
        if let amplitude = jitterAmplitude {
            let shortest = 1 / fastest
            guard amplitude < shortest / 4 else {
                throw .spec(text, message: "jitter \(amplitude * 1000) ms must be under a quarter of the shortest refresh interval (\((shortest * 1000).formatted) ms at \(fastest.formatted) Hz), or it would read as dropped frames")
            }
        }
        var dropRandom = SplitMix64(seed: { if case .probability(_, let seed) = drop { seed } else { 0 } }())
        var jitterRandom = SplitMix64(seed: jitterSeed)
        var vsyncs: [VSyncTime] = []
        var nominal = NominalVSyncs(fps: fps, vrr: vrr)
        var index = 0
        while true {
            if let count, vsyncs.count >= count { break }
            let vsync = nominal.next()
            if count == nil, let duration, vsync.timestamp >= duration { break }
            defer { index += 1 }
            if index > 0 {
                switch drop {
                case .every(let n) where (index + 1) % n == 0: continue
                case .probability(let p, _) where dropRandom.nextUnit() < p: continue
                default: break
                }
            }
            var time = vsync
            if let amplitude = jitterAmplitude, index > 0 {
                let offset = (jitterRandom.nextUnit() * 2 - 1) * amplitude
                time.timestamp += offset
                time.targetTimestamp += offset
            }
            vsyncs.append(time)
        }
        return try VSyncTrace(vsyncs)
    }
}

/// The vsyncs of a fixed or variable refresh rate, one after another, each computed from whole
/// counts within its rate segment (never by adding intervals one by one).
private struct NominalVSyncs {
    let rates: [Double]
    let every: Double
    var segment = 0
    var segmentStart = 0.0
    var indexInSegment = 0

    init(fps: Double, vrr: (rates: [Double], every: Double)?) {
        rates = vrr?.rates ?? [fps]
        every = vrr?.every ?? .infinity
    }

    mutating func next() -> VSyncTime {
        var rate = rates[segment % rates.count]
        var timestamp = segmentStart + Double(indexInSegment) / rate
        // The display switches at the first vsync at or after the segment's end.
        if timestamp >= Double(segment + 1) * every {
            segmentStart = timestamp
            segment += 1
            indexInSegment = 0
            rate = rates[segment % rates.count]
            timestamp = segmentStart
        }
        indexInSegment += 1
        let next = segmentStart + Double(indexInSegment) / rate
        return VSyncTime(timestamp: timestamp, targetTimestamp: next)
    }
}

extension Double {
    /// The number as a person writes it: `120`, `8.333`.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String((self * 1000).rounded() / 1000)
    }
}
