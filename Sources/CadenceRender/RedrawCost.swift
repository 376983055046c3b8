import CadenceDraw

/// What a frame costs to redraw whole or only where it changed, estimated from the display list
/// before drawing, so a renderer can take the cheaper way each frame: the damage path is never
/// slower than a whole redraw.
///
/// The weights are nanoseconds measured on llvmpipe (`cadence bench render --scene stress:N`,
/// README Performance). Each damage pass has a fixed cost (state, draw calls, a readback call) and
/// fills its rectangle with the background (`Renderer.fillWithBackground`: a scissored clear, which
/// llvmpipe shades pixel by pixel, or for large rectangles a copy, dear per call but cheap per
/// pixel); every pass draws again the commands that reach it; a whole frame is cleared in one go
/// (llvmpipe marks its tiles) and read back whole.
nonisolated public struct RedrawCost: Sendable, Hashable {
    /// Fixed cost of one damage pass.
    public var pass: Double
    /// Clearing one pixel under a scissor.
    public var scissoredClearPixel: Double
    /// Copying the background into a damage rectangle: per call, and per pixel.
    public var copyCall: Double
    /// See `copyCall`.
    public var copyPixel: Double
    /// Reading one pixel back.
    public var readbackPixel: Double
    /// Shading one pixel of a command's bounds.
    public var shadePixel: Double
    /// Queuing and setting up one command in a pass.
    public var command: Double

    /// Weights for the CPU backend (`CadenceRaster`), from its profile on the same machine: a
    /// damage pass walks every command (about 20 ns each, so a pass of thousands of commands
    /// costs tens of microseconds), fills at memory speed, reads back 0.7 ns a pixel, and shades
    /// a command's edge pixels at a few nanoseconds (its inside is a run). There is no copy.
    public static let cpu = RedrawCost(
        pass: 20_000, scissoredClearPixel: 0.3, copyCall: .greatestFiniteMagnitude, copyPixel: 0, readbackPixel: 0.7, shadePixel: 2,
        command: 150
    )

    /// The weights measured on llvmpipe (2 cores).
    public static let llvmpipe = RedrawCost(
        pass: 25_000, scissoredClearPixel: 2.9, copyCall: 55_000, copyPixel: 0.1, readbackPixel: 0.9, shadePixel: 3, command: 300
    )

    /// Whether filling `pixels` pixels with the background is cheaper by a copy than by a
    /// scissored clear.
    public func fillsByCopy(pixels: Double) -> Bool {
        copyCall + pixels * copyPixel < pixels * scissoredClearPixel
    }

    /// The cheaper of the two ways of filling `pixels` pixels with the background.
    public func fill(pixels: Double) -> Double {
        min(pixels * scissoredClearPixel, copyCall + pixels * copyPixel)
    }

    /// The estimated nanoseconds of redrawing all of `list` in a `width` × `height` frame.
    public func whole(_ list: DisplayList, width: Int, height: Int) -> Double {
        whole(bounds: list.commands.map(\.bounds), width: width, height: height)
    }

    private func whole(bounds: [Rect?], width: Int, height: Int) -> Double {
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var cost = pass + Double(width * height) * readbackPixel
        for case let bounds? in bounds {
            cost += command + Self.area(bounds.intersection(frame)) * shadePixel
        }
        return cost
    }

    /// The estimated nanoseconds of redrawing only `damage` of `list` (one pass per rectangle,
    /// each clearing it and drawing the commands that reach it).
    public func damage(_ damage: [Rect], of list: DisplayList, width: Int, height: Int) -> Double {
        self.damage(damage, bounds: list.commands.map(\.bounds), width: width, height: height)
    }

    private func damage(_ damage: [Rect], bounds: [Rect?], width: Int, height: Int) -> Double {
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let rects = damage.map { $0.intersection(frame) }.filter { $0.width > 0 && $0.height > 0 }
        var cost = 0.0
        for rect in rects {
            cost += pass + fill(pixels: Self.area(rect)) + Self.area(rect) * readbackPixel
        }
        for case let bounds? in bounds {
            for rect in rects where bounds.intersects(rect) {
                cost += command + Self.area(bounds.intersection(rect)) * shadePixel
            }
        }
        return cost
    }

    /// Whether redrawing `list` whole is estimated to cost no more than redrawing `damage`.
    /// Each command's bounds are worked out once for both estimates (a path's walk all its points).
    public func prefersWholeRedraw(of list: DisplayList, over damage: [Rect], width: Int, height: Int) -> Bool {
        let bounds = list.commands.map(\.bounds)
        return self.damage(damage, bounds: bounds, width: width, height: height) >= whole(bounds: bounds, width: width, height: height)
    }

    private static func area(_ rect: Rect) -> Double { max(rect.width, 0) * max(rect.height, 0) }
}
