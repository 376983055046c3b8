import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceTiming
import Foundation

/// `cadence check fps`: renders a scene at several frame rates and compares what each shows at
/// the timestamps the rates share, pixel by pixel and value by value, per node.
///
/// With time an input, a scene must look the same at time `t` whether it was reached in 30
/// steps a second or 144: an animation that accumulates per frame (UICountingLabel's
/// `progress += now − last` on a timer at half the display's rate) or any state carried from
/// one frame to the next (damage tracking that redraws too little) shows up here as a
/// difference at a shared timestamp.
///
/// The shared timestamps are those on every rate's grid (`n / rate`, compared exactly: the same
/// rational time divides to the same `Double`): every 1/6 s for 30, 60, 90, 120 and 144. With
/// a clock spec (jitter, drops), each rate's frames follow that clock generated at that rate,
/// and a frame is added at each shared timestamp in its place, so what is compared there was
/// reached through an irregular history.
public enum FrameRateCheck {
    /// What to check.
    public struct Settings: Sendable {
        /// The frame rates, Hz; the first is the reference the others are compared with.
        public var rates: [Double]
        /// Seconds of the timeline, from 0.
        public var duration: Double
        /// Frame width and height in pixels.
        public var width: Int
        public var height: Int
        /// Jitter and drops applied to each rate's vsyncs (no `vrr`: the rates are the check's).
        public var clock: ClockSpec?
        /// The largest pixel difference allowed, 8-bit levels of any channel.
        public var tolerance: Int
        /// The largest difference allowed in an animated value, in the value's own units.
        public var valueTolerance: Double
        /// What draws the frames (`--backend`).
        public var backend: RenderBackendKind = .default

        /// Settings with every field given.
        public init(rates: [Double], duration: Double, width: Int, height: Int, clock: ClockSpec? = nil, tolerance: Int = 1, valueTolerance: Double = 1e-6) {
            self.rates = rates
            self.duration = duration
            self.width = width
            self.height = height
            self.clock = clock
            self.tolerance = tolerance
            self.valueTolerance = valueTolerance
        }
    }

    /// One node's largest differences from the reference rate.
    public struct NodeDifference: Sendable, Equatable {
        /// The node's or layer's id; `(frame)` for the whole frame.
        public var id: String
        /// Its type.
        public var typeName: String
        /// The largest channel difference inside the node's frame, 0 … 255; nil for a layer
        /// inside a tree (its pixels count towards its top-level node).
        public var pixels: Int?
        /// The largest difference of any of its animated values; nil when it has none.
        public var value: Double?
        /// The value that differed most (`position`, `value`), when one differed.
        public var valueName: String?
        /// Where the largest difference was: the timestamp and the rate compared with the reference.
        public var time: Double?
        public var rate: Double?
    }

    /// What the check found.
    public struct Result: Sendable {
        /// The settings checked.
        public var settings: Settings
        /// The timestamps compared.
        public var sharedTimes: [Double]
        /// Frames rendered per rate.
        public var framesPerRate: [Int]
        /// Per node (file order, layers depth first), then the whole frame.
        public var nodes: [NodeDifference]

        /// True when every difference is within the tolerances.
        public var passed: Bool {
            nodes.allSatisfy { ($0.pixels ?? 0) <= settings.tolerance && ($0.value ?? 0) <= settings.valueTolerance }
        }
    }

    /// Checks `scene` under `settings`; throws for settings out of range (named) or a render that fails.
    public static func run(scene: Scene, settings: Settings) throws(EngineError) -> Result {
        let times = try plan(settings)
        let shared = times.shared
        var differences = initialDifferences(scene, at: shared.first ?? 0)
        var reference: [Double: (image: RGBAImage, values: [NodeValues])] = [:]
        var framesPerRate: [Int] = []
        let regions = nodeRegions(scene, width: settings.width, height: settings.height)
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        for (rateIndex, rate) in settings.rates.enumerated() {
            let trace = times.traces[rateIndex]
            framesPerRate.append(trace.count)
            let renderer = try OffscreenRenderer(width: settings.width, height: settings.height, backend: settings.backend)
            let loop = FrameLoop(scene: scene, context: DrawContext(images: images))
            let wanted = Set(shared)
            let sink = CheckSink(renderer: renderer) { image, frame throws(EngineError) in
                let time = frame.animationTime
                guard wanted.contains(time) else { return }
                let values = loop.scene.animatedValues(at: time)
                guard let expected = reference[time] else {
                    reference[time] = (image, values)
                    return
                }
                compare(expected: expected, actual: (image, values), regions: regions, time: time, rate: rate, into: &differences)
            }
            try loop.run(trace: trace, into: sink)
        }
        return Result(settings: settings, sharedTimes: shared, framesPerRate: framesPerRate, nodes: differences)
    }

    /// The shared timestamps and each rate's vsyncs; throws for settings out of range.
    static func plan(_ settings: Settings) throws(EngineError) -> (shared: [Double], traces: [VSyncTrace]) {
        guard settings.rates.count >= 2 else {
            throw .invalidOption(name: "rates", message: "needs at least 2 rates to compare, got \(settings.rates.count)")
        }
        for rate in settings.rates where !(rate.isFinite && rate > 0 && rate <= ClockSpec.maximumRate) {
            throw .invalidOption(name: "rates", message: "each rate must be a number of Hz above 0 and at most \(Int(ClockSpec.maximumRate)), got \(rate)")
        }
        guard settings.duration.isFinite, settings.duration > 0, settings.duration <= SceneFile.maximumTime else {
            throw .invalidOption(name: "duration", message: "must be a number of seconds above 0 and at most \(Int(SceneFile.maximumTime)), got \(settings.duration)")
        }
        let total = settings.rates.reduce(0) { $0 + settings.duration * $1 }
        guard total <= Double(FrameDumpSettings.maximumFrameCount) else {
            throw .invalidOption(name: "duration", message: "\(settings.duration) s at every rate is \(Int(total)) frames, above the limit of \(FrameDumpSettings.maximumFrameCount)")
        }
        guard (0...255).contains(settings.tolerance) else {
            throw .invalidOption(name: "tolerance", message: "must be 0 … 255 (8-bit levels), got \(settings.tolerance)")
        }
        guard settings.valueTolerance.isFinite, settings.valueTolerance >= 0 else {
            throw .invalidOption(name: "valueTolerance", message: "must be a finite number, 0 or more, got \(settings.valueTolerance)")
        }
        if let clock = settings.clock, clock.vrr != nil {
            throw .invalidOption(name: "clock", message: "vrr sets its own rates; check fps takes jitter:… and drop:… (applied at each of --rates)")
        }
        let grids = settings.rates.map { rate in
            (0..<Int((settings.duration * rate).rounded(.up))).map { Double($0) / rate }.filter { $0 < settings.duration }
        }
        var shared = Set(grids[0])
        for grid in grids.dropFirst() { shared.formIntersection(grid) }
        let sharedTimes = shared.sorted()
        guard sharedTimes.count >= 2 else {
            throw .invalidOption(
                name: "rates",
                message: "\(settings.rates.map { String(format: "%g", $0) }.joined(separator: ", ")) share no timestamp in \(settings.duration) s but 0: choose rates with a common divisor, or a longer --duration"
            )
        }
        var traces: [VSyncTrace] = []
        for (rate, grid) in zip(settings.rates, grids) {
            var timestamps = grid
            if let clock = settings.clock {
                do throws(ClockTraceError) {
                    timestamps = try clock.generate(fps: rate, duration: settings.duration).vsyncs.map(\.timestamp)
                } catch {
                    throw .clockTrace(error)
                }
                timestamps = Array(Set(timestamps).union(sharedTimes)).sorted()
            }
            let vsyncs = timestamps.indices.map { index in
                VSyncTime(timestamp: timestamps[index], targetTimestamp: index + 1 < timestamps.count ? timestamps[index + 1] : timestamps[index] + 1 / rate)
            }
            do throws(ClockTraceError) {
                traces.append(try VSyncTrace(vsyncs))
            } catch {
                throw .clockTrace(error)
            }
        }
        return (sharedTimes, traces)
    }

    /// Every node at 0 difference, and the whole frame last.
    static func initialDifferences(_ scene: Scene, at time: Double) -> [NodeDifference] {
        let topLevel = Set(scene.nodes.map(\.id))
        return scene.animatedValues(at: time).map { node in
            NodeDifference(id: node.id, typeName: node.typeName, pixels: topLevel.contains(node.id) ? 0 : nil,
                           value: node.values.isEmpty ? nil : 0)
        } + [NodeDifference(id: "(frame)", typeName: "", pixels: 0)]
    }

    /// Each top-level node's frame in the rendered image's pixels (the scene fitted as renders
    /// fit it, centred), grown by 2 px for anti-aliased edges, clamped to the image.
    static func nodeRegions(_ scene: Scene, width: Int, height: Int) -> [String: (x: Range<Int>, y: Range<Int>)] {
        let scale = min(Double(width) / scene.size.width, Double(height) / scene.size.height)
        let dx = (Double(width) - scene.size.width * scale) / 2
        let dy = (Double(height) - scene.size.height * scale) / 2
        var regions: [String: (x: Range<Int>, y: Range<Int>)] = [:]
        for node in scene.nodes {
            let frame = node.frame
            func pixel(_ value: Double, _ limit: Int) -> Int {
                guard value.isFinite else { return value > 0 ? limit : 0 }
                return Int(min(max(value, 0), Double(limit)))
            }
            let x0 = pixel((frame.minX * scale + dx - 2).rounded(.down), width)
            let x1 = pixel((frame.maxX * scale + dx + 2).rounded(.up), width)
            let y0 = pixel((frame.minY * scale + dy - 2).rounded(.down), height)
            let y1 = pixel((frame.maxY * scale + dy + 2).rounded(.up), height)
            regions[node.id] = (x0..<max(x0, x1), y0..<max(y0, y1))
        }
        return regions
    }

    /// Folds one frame's differences from the reference into `differences`, keeping each node's largest.
    static func compare(
        expected: (image: RGBAImage, values: [NodeValues]), actual: (image: RGBAImage, values: [NodeValues]),
        regions: [String: (x: Range<Int>, y: Range<Int>)], time: Double, rate: Double, into differences: inout [NodeDifference]
    ) {
        let width = expected.image.width
        let deltas = zip(expected.image.pixels, actual.image.pixels).map { UInt8(abs(Int($0) - Int($1))) }
        func largest(x: Range<Int>, y: Range<Int>) -> Int {
            var result: UInt8 = 0
            for row in y {
                let base = (row * width) * 4
                for index in (base + x.lowerBound * 4)..<(base + x.upperBound * 4) where deltas[index] > result { result = deltas[index] }
            }
            return Int(result)
        }
        let actualValues = Dictionary(actual.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, node) in differences.enumerated() {
            var updated = node
            var worse = false
            if node.id == "(frame)" {
                let whole = Int(deltas.max() ?? 0)
                if whole > (node.pixels ?? 0) { updated.pixels = whole; worse = true }
            } else if let region = regions[node.id], node.pixels != nil {
                let pixels = largest(x: region.x, y: region.y)
                if pixels > (node.pixels ?? 0) { updated.pixels = pixels; worse = true }
            }
            if let before = expected.values.first(where: { $0.id == node.id }), let after = actualValues[node.id] {
                for (name, value) in before.values {
                    let other = after.values[name] ?? []
                    let difference = value.count == other.count
                        ? zip(value, other).map { abs($0 - $1) }.max() ?? 0
                        : .infinity
                    if difference > (updated.value ?? 0) {
                        updated.value = difference
                        updated.valueName = name
                        worse = true
                    }
                }
            }
            if worse {
                updated.time = time
                updated.rate = rate
                differences[index] = updated
            }
        }
    }
}

/// Renders each frame offscreen and hands the image to `take` with its frame.
private final class CheckSink: FrameSink {
    let renderer: OffscreenRenderer

    var frameSize: Size? { renderer.frameSize }
    let handle: (RGBAImage, FrameInfo) throws(EngineError) -> Void

    init(renderer: OffscreenRenderer, take: @escaping (RGBAImage, FrameInfo) throws(EngineError) -> Void) {
        self.renderer = renderer
        handle = take
    }

    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        try handle(try renderer.render(list), frame)
    }
}
