import CadenceDraw
import CadenceEngine
import CadenceGL
import CadencePlatform
import CadenceText
import Foundation

/// Microseconds per frame to lay out and draw text, for `cadence bench text`.
///
/// - paragraph: about 200 characters of mixed Latin and Chinese wrapped at 600 px;
/// - counter: a counting label's number ("12,345.6") at 48 px bold.
///
/// Cold frames start from a new font library and glyph atlas (nothing shaped, nothing
/// rasterised: a process's first frame). Cached frames reuse them: the paragraph is the same each
/// frame (its layout comes from the cache), the counter shows a new number each frame, as a
/// counting label does (its digits come from the cache). Each frame ends with `glFinish`.
public enum TextBenchmark {
    /// One case's figure.
    public struct Result: Sendable {
        /// The case: "paragraph" or "counter".
        public var name: String
        /// "cold" or "cached".
        public var mode: String
        /// The median microseconds per frame.
        public var microsecondsPerFrame: Double
    }

    static let paragraph = "Cadence brings the feel of iOS UI animation to Linux: springs, curves and a display link. "
        + "它在没有显卡的机器上也能渲染，每一帧都是时间的函数，重复渲染得到完全相同的图像。"
        + "Placeholders bounce, counters count, spinners spin — 请输入用户名。"

    /// Times each case cold and cached over `frames` frames; throws without EGL or for fewer than 1 frame.
    public static func run(frames: Int = 200) throws(EngineError) -> [Result] {
        try checkFrameCount(frames, atLeast: 1)
        let context: HeadlessContext
        let target: OffscreenTarget
        do {
            context = try HeadlessContext()
        } catch {
            throw .platform(error)
        }
        do {
            target = try OffscreenTarget(width: 640, height: 360)
        } catch {
            throw .gl(error)
        }
        _ = context
        target.bind()
        let coldFrames = max(frames / 10, 5)
        var results: [Result] = []
        for name in ["paragraph", "counter"] {
            var cold: [Double] = []
            for frame in 0..<coldFrames {
                let fonts = FontLibrary()
                let renderer = try makeRenderer(fonts)
                cold.append(try time(name, frame: frame, fonts: fonts, renderer: renderer))
            }
            let fonts = FontLibrary()
            let renderer = try makeRenderer(fonts)
            _ = try time(name, frame: 0, fonts: fonts, renderer: renderer)  // warm the caches
            var cached: [Double] = []
            for frame in 1...frames {
                cached.append(try time(name, frame: frame, fonts: fonts, renderer: renderer))
            }
            results.append(Result(name: name, mode: "cold", microsecondsPerFrame: median(cold)))
            results.append(Result(name: name, mode: "cached", microsecondsPerFrame: median(cached)))
        }
        return results
    }

    private static func makeRenderer(_ fonts: FontLibrary) throws(EngineError) -> Renderer {
        do {
            return try Renderer(fonts: fonts)
        } catch {
            throw .gl(error)
        }
    }

    /// One frame: lay out, build the display list, draw, wait for the GPU. Microseconds.
    private static func time(_ name: String, frame: Int, fonts: FontLibrary, renderer: Renderer) throws(EngineError) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let text: AttributedText
            let options: TextLayoutOptions
            if name == "paragraph" {
                text = AttributedText(paragraph, attributes: TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans 16")))
                options = TextLayoutOptions(width: 600)
            } else {
                let value = 12345.6 * Double(frame % 1000) / 1000
                text = AttributedText(String(format: "%.1f", value), attributes: TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans Bold 48")))
                options = TextLayoutOptions()
            }
            let layout = try fonts.layout(text, options: options)
            var list = DisplayList(size: Size(width: 640, height: 360), background: .white)
            for run in layout.glyphRuns(at: Point(x: 20, y: 20)) { list.glyphs(run) }
            try renderer.draw(list, viewport: (640, 360))
        } catch let error as TextError {
            throw .invalidOption(name: "text", message: error.description)
        } catch let error as GLError {
            throw .gl(error)
        } catch {
            throw .invalidOption(name: "text", message: "\(error)")
        }
        renderer.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
