import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTesting
import Foundation
import SnapshotTesting

/// A rendered frame as swift-snapshot-testing stores it: the image, or why there is none.
public struct SnapshotFrame: Sendable {
    /// The pixels; nil when rendering or reading failed.
    public var image: RGBAImage?
    /// Why there is no image.
    public var problem: String?
}

extension Snapshotting where Value == Scene, Format == SnapshotFrame {
    /// The scene at each of `times`, tiled into one labelled contact sheet (`columns` to a row,
    /// tiles at most `tileWidth` pixels wide), compared as a PNG within `tolerance`.
    ///
    /// ```swift
    /// assertSnapshot(of: scene, as: .frames(at: [0, 0.25, 0.5, 1.0]))
    /// ```
    ///
    /// Rendering runs on the main actor (the renderer is bound to it); called from another
    /// thread, the strategy waits for the main thread.
    public static func frames(at times: [Double], columns: Int = 3, tileWidth: Double = 320, tolerance: FrameTolerance = .standard) -> Snapshotting {
        strategy(tolerance: tolerance) { scene throws(EngineError) in
            try FrameGoldenLayout.sheet(columns: columns, tileWidth: tileWidth).frames(of: scene, at: times, named: "frames")[0].image
        }
    }

    /// The scene at `time`, at its own size, compared as a PNG within `tolerance`.
    public static func frame(at time: Double, tolerance: FrameTolerance = .standard) -> Snapshotting {
        strategy(tolerance: tolerance) { scene throws(EngineError) in
            try FrameGoldenLayout.perTime.frames(of: scene, at: [time], named: "frame")[0].image
        }
    }

    private static func strategy(tolerance: FrameTolerance, render: @escaping @MainActor (Scene) throws(EngineError) -> RGBAImage) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .frame(tolerance: tolerance)) { scene in
            runOnMainActor {
                do {
                    return SnapshotFrame(image: try render(scene), problem: nil)
                } catch {
                    return SnapshotFrame(image: nil, problem: "cannot render the scene: \(error)")
                }
            }
        }
    }
}

extension Diffing where Value == SnapshotFrame {
    /// Frames compared as `GoldenCheck` compares them, stored as PNG.
    public static func frame(tolerance: FrameTolerance) -> Diffing {
        Diffing.diff(
            toData: { frame in
                guard let image = frame.image else { return Data() }
                return (try? withTemporaryFile { path in
                    try image.writePNG(to: path, options: PNGOptions(level: 9, filter: .adaptive))
                    return try Data(contentsOf: URL(fileURLWithPath: path))
                }) ?? Data()
            },
            fromData: { data in
                do {
                    return SnapshotFrame(image: try withTemporaryFile { path in
                        try data.write(to: URL(fileURLWithPath: path))
                        return try RGBAImage(contentsOfPNG: path)
                    }, problem: nil)
                } catch {
                    return SnapshotFrame(image: nil, problem: "cannot read the reference PNG: \(error)")
                }
            },
            diffV2: { reference, actual in
                guard let expected = reference.image else { return (reference.problem ?? "no reference image", []) }
                guard let image = actual.image else { return (actual.problem ?? "no image", []) }
                guard let diff = ImageDiff(expected: expected, actual: image, tolerance: tolerance.channel) else {
                    return ("size \(image.width)x\(image.height) differs from the reference's \(expected.width)x\(expected.height)", [])
                }
                guard diff.differingFraction > tolerance.differingFraction else { return nil }
                return ("\(diff.differingPixels) of \(diff.totalPixels) pixels differ by more than \(tolerance.channel) "
                    + "(allowed \(tolerance.differingFraction)); max channel difference \(diff.maxChannelDelta)", [])
            }
        )
    }
}



/// Calls `body` with the path of a fresh temporary file, removed afterwards.
private func withTemporaryFile<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-snapshot-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}
