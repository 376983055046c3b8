import CadenceDraw

/// What a frame costs to redraw whole or only where it changed, estimated from the display list
/// before drawing, so a renderer can take the cheaper way each frame: the damage path is never
/// slower than a whole redraw.
///
/// The weights are nanoseconds measured on llvmpipe (`cadence bench render --scene stress:N`,
/// README Performance). Each damage pass has a fixed cost (state, draw calls, a readback call) and
/// fills its rectangle with the background (a copy: `Renderer.fillWithBackground`); every pass
/// draws again the commands that reach it; a whole frame is cleared in one go and read back whole.
nonisolated public struct RedrawCost: Sendable, Hashable {
    /// Fixed cost of one damage pass.
    public var pass: Double
    /// Filling one pixel of a damage pass with the background.
    public var clearPixel: Double
    /// Reading one pixel back.
    public var readbackPixel: Double
    /// Shading one pixel of a command's bounds.
    public var shadePixel: Double
    /// Queuing and setting up one command in a pass.
    public var command: Double

    /// The weights measured on llvmpipe (2 cores).
    public static let llvmpipe = RedrawCost(pass: 25_000, clearPixel: 0.3, readbackPixel: 0.9, shadePixel: 3, command: 300)

    /// The estimated nanoseconds of redrawing all of `list` in a `width` × `height` frame.
    public func whole(_ list: DisplayList, width: Int, height: Int) -> Double {
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var cost = pass + Double(width * height) * readbackPixel
        for command in list.commands {
            guard let bounds = command.bounds else { continue }
            cost += self.command + Self.area(bounds.intersection(frame)) * shadePixel
        }
        return cost
    }

    /// The estimated nanoseconds of redrawing only `damage` of `list` (one pass per rectangle,
    /// each clearing it and drawing the commands that reach it).
    public func damage(_ damage: [Rect], of list: DisplayList, width: Int, height: Int) -> Double {
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let rects = damage.map { $0.intersection(frame) }.filter { $0.width > 0 && $0.height > 0 }
        var cost = 0.0
        for rect in rects {
            cost += pass + Self.area(rect) * (clearPixel + readbackPixel)
        }
        for command in list.commands {
            guard let bounds = command.bounds else { continue }
            for rect in rects where bounds.intersects(rect) {
                cost += self.command + Self.area(bounds.intersection(rect)) * shadePixel
            }
        }
        return cost
    }

    /// Whether redrawing `list` whole is estimated to cost no more than redrawing `damage`.
    public func prefersWholeRedraw(of list: DisplayList, over damage: [Rect], width: Int, height: Int) -> Bool {
        self.damage(damage, of: list, width: width, height: height) >= whole(list, width: width, height: height)
    }

    private static func area(_ rect: Rect) -> Double { max(rect.width, 0) * max(rect.height, 0) }
}
