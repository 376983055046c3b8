import CadenceDraw
import CadenceImage
import CadenceScene
import Dispatch
import Foundation

/// Decodes the images scenes load, off the main thread, and keeps them (the memory cache).
///
/// `prefetch` starts decoding on background queues; `image(for:)` returns at once when an image
/// is ready and otherwise waits for its decode, so a frame never shows a half-loaded image and
/// renders stay deterministic. A missing or corrupt file gives nil (the view keeps its
/// placeholder) and one warning. The store's state is guarded by its lock: that is what makes the
/// `@unchecked Sendable` true.
nonisolated public final class ImageStore: ImageProvider, @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let done = DispatchGroup()
        var image: RGBAImage?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var warnings: [String] = []

    /// An empty store.
    public init() {}

    /// Starts decoding every source not yet known.
    public func prefetch(_ sources: [String]) {
        for source in sources { _ = entry(for: source) }
    }

    /// The image for `source`, waiting for its decode if it has started; nil when it cannot be loaded (warned once).
    public func image(for source: String) -> RGBAImage? {
        let entry = entry(for: source)
        entry.done.wait()
        return lock.withLock { entry.image }
    }

    /// Warnings not yet taken (each missing or corrupt image once).
    public func takeWarnings() -> [String] {
        lock.withLock {
            defer { warnings.removeAll() }
            return warnings
        }
    }

    private func entry(for source: String) -> Entry {
        lock.withLock {
            if let entry = entries[source] { return entry }
            let entry = Entry()
            entries[source] = entry
            entry.done.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let result = Self.decode(source)
                lock.withLock {
                    switch result {
                    case .success(let image): entry.image = image
                    case .failure(let error): warnings.append("image \(Self.describe(source)) not loaded (\(error)); what shows it draws its placeholder, or nothing")
                    }
                }
                entry.done.leave()
            }
            return entry
        }
    }

    /// A source as messages name it: a data URI by its type and size, not its bytes.
    static func describe(_ source: String) -> String {
        guard source.hasPrefix("data:") else { return source }
        let type = source.prefix(while: { $0 != "," }).prefix(40)
        return "\(type),… (\(source.utf8.count) bytes)"
    }

    private static func decode(_ source: String) -> Result<RGBAImage, any Error> {
        if source.hasPrefix("data:") {
            // An embedded image (a Lottie asset): base64 PNG or JPEG, told apart by its bytes
            // (exporters are not always right about the type they name).
            let name = describe(source)
            guard let comma = source.firstIndex(of: ","), source[..<comma].hasSuffix(";base64") else {
                return .failure(PNGError.readFailed(path: name, reason: "not a base64 data URI"))
            }
            guard source.hasPrefix("data:image/png") || source.hasPrefix("data:image/jpeg") || source.hasPrefix("data:image/jpg") else {
                return .failure(PNGError.readFailed(path: name, reason: "only PNG and JPEG images are decoded"))
            }
            guard let data = Data(base64Encoded: String(source[source.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                return .failure(PNGError.readFailed(path: name, reason: "its base64 text is malformed"))
            }
            if RGBAImage.isJPEG(data) {
                return Result { () throws(JPEGError) in
                    try RGBAImage(jpegData: data, name: name, maximumPixels: maximumDecodedPixels, reducingLarger: true)
                }.mapError { $0 }
            }
            return Result { () throws(PNGError) in
                try RGBAImage(pngData: data, name: name, maximumPixels: maximumDecodedPixels)
            }.mapError { $0 }
        }
        if source.hasPrefix("builtin:") {
            guard let image = builtin(String(source.dropFirst("builtin:".count))) else {
                return .failure(PNGError.readFailed(path: source, reason: "no built-in image of that name (built in: sunset)"))
            }
            return .success(image)
        }
        if isJPEGFile(source) {
            return Result { () throws(JPEGError) in
                try RGBAImage(contentsOfJPEG: source, maximumPixels: maximumDecodedPixels, reducingLarger: true)
            }.mapError { $0 }
        }
        return Result { () throws(PNGError) in
            try RGBAImage(contentsOfPNG: source, maximumPixels: maximumDecodedPixels, reducingLarger: true)
        }.mapError { $0 }
    }

    /// Whether the file at `path` starts as a JPEG does (a file it cannot read is not one: the
    /// PNG reader then says why).
    private static func isJPEGFile(_ path: String) -> Bool {
        // Checked before opening: opening a FIFO would wait for a writer.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return RGBAImage.isJPEG((try? handle.read(upToCount: 3)) ?? Data())
    }

    /// Images of more pixels than this (4096 × 4096, 64 MiB decoded) are read reduced by a whole
    /// factor: the largest frame (8192 × 8192) shows it at most twice enlarged, and a 16384² PNG
    /// of 1 MB took 3.1 GiB to draw at full size.
    public static let maximumDecodedPixels = 1 << 24

    /// Images made in code, so the demo runs from any folder: `sunset` (320 × 200), its sun and
    /// hills anti-aliased.
    static func builtin(_ name: String) -> RGBAImage? {
        guard name == "sunset" else { return nil }
        let width = 320
        let height = 200
        var image = RGBAImage(width: width, height: height)
        // Each shape's edge anti-aliased: its coverage of the pixel (its signed distance from
        // the pixel's centre, clamped to a pixel) mixes its colour over what lies behind.
        func mix(_ under: (r: Double, g: Double, b: Double), _ over: (r: Double, g: Double, b: Double), _ coverage: Double) -> (r: Double, g: Double, b: Double) {
            let c = min(max(coverage, 0), 1)
            return (under.r + (over.r - under.r) * c, under.g + (over.g - under.g) * c, under.b + (over.b - under.b) * c)
        }
        for y in 0..<height {
            for x in 0..<width {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let t = Double(y) / Double(height)
                // Sky from deep blue to orange, a sun, and two rows of hills.
                var color = (r: 40 + 215 * t, g: 60 + 110 * t, b: 140 - 60 * t)
                let dx = cx - 210.5
                let dy = cy - 120.5
                color = mix(color, (255, 214, 102), 34 - (dx * dx + dy * dy).squareRoot() + 0.5)
                // A hill's edge y = f(x): the vertical distance over the slope's length is the
                // distance to the edge.
                for (base, amplitude, period, phase, hill) in [(140.0, 14.0, 37.0, 0.0, (86.0, 60.0, 110.0)), (165, 12, 23, 1, (38, 34, 64))] {
                    let edge = base + amplitude * sin(cx / period + phase)
                    let slope = amplitude / period * cos(cx / period + phase)
                    color = mix(color, hill, (cy - edge) / (1 + slope * slope).squareRoot() + 0.5)
                }
                let offset = (y * width + x) * 4
                image.pixels[offset] = UInt8(min(max(color.r, 0), 255).rounded())
                image.pixels[offset + 1] = UInt8(min(max(color.g, 0), 255).rounded())
                image.pixels[offset + 2] = UInt8(min(max(color.b, 0), 255).rounded())
                image.pixels[offset + 3] = 255
            }
        }
        return image
    }
}
