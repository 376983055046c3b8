import CadenceDraw
import CadenceImage
import CadenceScene
import CadenceText
import CadenceTiming
import Foundation

/// What to render and where: the frames of `scene` from 0 for `duration` seconds at `fps`.
public struct FrameDumpSettings: Sendable {
    public var width: Int
    public var height: Int
    public var fps: Double
    public var duration: Double
    public var outputDirectory: String
    public var png: PNGOptions

    public init(width: Int, height: Int, fps: Double, duration: Double, outputDirectory: String, png: PNGOptions = PNGOptions()) {
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.outputDirectory = outputDirectory
        self.png = png
    }

    /// Checks the settings before any GL or file work, so nothing is half-done on bad input.
    public func validate() throws(EngineError) {
        guard width >= 1, height >= 1 else {
            throw .invalidOption(name: "--size", message: "\(width)x\(height) is empty: width and height must be at least 1")
        }
        guard fps.isFinite, fps > 0 else {
            throw .invalidOption(name: "--fps", message: "must be a finite number above 0, got \(fps)")
        }
        guard duration.isFinite, duration >= 0 else {
            throw .invalidOption(name: "--duration", message: "must be a finite number of seconds, 0 or more, got \(duration)")
        }
        guard (0...9).contains(png.level) else {
            throw .invalidOption(name: "--png-level", message: "must be 0...9, got \(png.level)")
        }
    }
}

/// The outcome of a dump, for the one-line summary.
public struct FrameDumpSummary: Sendable {
    public var frames: Int
    public var width: Int
    public var height: Int
    public var seconds: Double
    public var outputDirectory: String
    /// Images that could not be loaded, once each.
    public var warnings: [String] = []

    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}

/// Renders a scene's frames headlessly and writes them as `frame_00000.png`, … .
///
/// Frame `n` shows the scene at exactly `n / fps` seconds (`ManualClock`), so the same scene
/// gives byte-identical files on the same machine. Each file is written to a temporary name and
/// renamed, so a failed run never leaves a truncated frame.
public enum FrameDump {
    /// The file name of frame `index`: `frame_00042.png`.
    public static func fileName(ofFrame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Renders every frame; `progress(done, total)` is called after each one is written.
    public static func run(
        scene: Scene,
        settings: FrameDumpSettings,
        progress: @escaping (Int, Int) -> Void = { _, _ in }
    ) throws(EngineError) -> FrameDumpSummary {
        try settings.validate()
        let clock: ManualClock
        do {
            clock = try ManualClock(fps: settings.fps)
        } catch {
            throw .clock(error)
        }
        let frameCount = clock.frameCount(forDuration: settings.duration)
        let start = ContinuousClock.now
        // The renderer first: without EGL or with a size the driver refuses, no folder is made.
        let renderer = try OffscreenRenderer(width: settings.width, height: settings.height)
        try prepareOutputDirectory(settings.outputDirectory)

        let images = ImageStore()
        images.prefetch(scene.imageSources)

        // The same path as a window: a display link on a vsync source, here driven by the
        // manual clock as fast as the work allows (vsync n at exactly n / fps).
        let source: VSyncSource
        do {
            source = try VSyncSource(refreshRate: clock.fps)
        } catch {
            throw .invalidOption(name: "--fps", message: error.description)
        }
        var failure: EngineError?
        let link = DisplayLink { link, frame in
            do throws(EngineError) {
                let list: DisplayList
                do throws(TextError) {
                    list = try scene.displayList(at: frame.animationTime, images: images)
                } catch {
                    throw .text(error)
                }
                let image = try renderer.render(list)
                let path = (settings.outputDirectory as NSString).appendingPathComponent(fileName(ofFrame: frame.index))
                do throws(PNGError) {
                    try image.writePNG(to: path, options: settings.png)
                } catch {
                    throw .png(error)
                }
                progress(frame.index + 1, frameCount)
            } catch {
                failure = error
                link.invalidate()
            }
        }
        link.add(to: source)
        ManualDriver(source: source).run(0..<frameCount) { failure != nil }
        link.invalidate()
        if let failure { throw failure }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return FrameDumpSummary(
            frames: frameCount, width: settings.width, height: settings.height,
            seconds: seconds, outputDirectory: settings.outputDirectory, warnings: images.takeWarnings()
        )
    }

    /// Creates the folder if needed and checks it can be written, naming the path if not.
    static func prepareOutputDirectory(_ path: String) throws(EngineError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .outputDirectory(path: path, reason: "exists and is not a folder") }
        } else {
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .outputDirectory(path: path, reason: "cannot be created (\(reasonText(error)))")
            }
        }
        guard manager.isWritableFile(atPath: path) else {
            throw .outputDirectory(path: path, reason: "is not writable")
        }
    }

    private static func reasonText(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
