import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceRender
import CadenceScene

/// How the frames of one `assertFrames` check are kept as golden PNGs.
public enum FrameGoldenLayout: Sendable, Hashable {
    /// One contact sheet of every frame (`NAME.png`), `columns` tiles to a row, each tile at
    /// most `tileWidth` pixels wide and labelled with its time: one golden per animation.
    case sheet(columns: Int = 3, tileWidth: Double = 320)
    /// One PNG per time at the scene's own size: `NAME-0.25s.png`, `NAME-1.0s.png`, …
    case perTime
}

/// How far a frame may stray from its golden and still match.
public struct FrameTolerance: Sendable, Hashable {
    /// The largest per-channel difference (0 ... 255) a pixel may have and still count as equal.
    public var channel: Int
    /// The share of pixels (0 ... 1) allowed to differ by more than `channel`.
    public var differingFraction: Double

    /// A tolerance of `channel` per channel on all but `differingFraction` of the pixels; by
    /// default `ImageDiff.defaultTolerance` (2) on every pixel, as `cadence compare`.
    public init(channel: Int = ImageDiff.defaultTolerance, differingFraction: Double = ImageDiff.defaultDifferingFraction) {
        self.channel = channel
        self.differingFraction = differingFraction
    }

    /// Every pixel identical.
    public static let exact = FrameTolerance(channel: 0, differingFraction: 0)
    /// 2 levels per channel on every pixel: the one default of `assertFrames`, the snapshot
    /// strategies and `cadence compare`. A changed digit of a counting label fails it (a
    /// test shows it); a GL driver rounding blends a level differently does not.
    public static let standard = FrameTolerance()
    /// Cadence's default before: 2 levels on all but 0.1 % of the pixels — which let a changed
    /// digit in a large sheet pass. For goldens drawn by GL drivers that disagree on a few edge
    /// pixels.
    public static let lenient = FrameTolerance(channel: 2, differingFraction: 0.001)
}

/// A frame image with the golden name it is checked against.
public struct NamedFrame: Sendable {
    /// The golden's name, without `.png`.
    public var name: String
    /// The rendered pixels.
    public var image: RGBAImage
    /// For a sheet, where each time's frame lies in it, so that a failure names the times that
    /// differ; empty for one frame.
    public var regions: [GoldenCheck.Region] = []
}

extension FrameGoldenLayout {
    /// The images `scene` makes at `times` under this layout, each with its golden name
    /// (built from `name`), drawn by `backend`.
    ///
    /// Fails when a time is not finite or negative, the sheet has no columns, or the scene
    /// cannot be rendered (no EGL, a missing font).
    @MainActor
    public func frames(
        of scene: Scene, at times: [Double], named name: String, backend: RenderBackendKind = .cpu
    ) throws(EngineError) -> [NamedFrame] {
        guard !times.isEmpty else { throw .invalidOption(name: "times", message: "needs at least one time") }
        for time in times where !time.isFinite || time < 0 {
            throw .invalidOption(name: "times", message: "times must be finite and 0 or more, got \(time)")
        }
        switch self {
        case .sheet(let columns, let tileWidth):
            guard tileWidth.isFinite, tileWidth >= 1 else {
                throw .invalidOption(name: "tileWidth", message: "must be at least 1, got \(tileWidth)")
            }
            let width = min(tileWidth, scene.size.width).rounded()
            let tile = Size(width: width, height: max(1, (width * scene.size.height / scene.size.width).rounded()))
            let sheet = try ContactSheet.render(scene: scene, times: times, columns: columns, tile: tile, backend: backend)
            let frames = ContactSheet.layout(count: times.count, columns: columns, tile: tile).frames
            let regions = zip(times, frames).compactMap { time, rect in
                PixelRect(minX: Int(rect.minX), minY: Int(rect.minY), maxX: Int(rect.maxX), maxY: Int(rect.maxY))
                    .map { GoldenCheck.Region(label: "t = \(time) s", rect: $0) }
            }
            return [NamedFrame(name: name, image: sheet, regions: regions)]
        case .perTime:
            let renderer = try OffscreenRenderer(sizeOf: scene, backend: backend)
            let images = try renderer.render(scene, at: times)
            return zip(times, images).map { time, image in NamedFrame(name: "\(name)-\(time)s", image: image) }
        }
    }
}
