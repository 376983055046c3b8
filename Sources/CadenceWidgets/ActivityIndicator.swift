import CadenceAnimation
import CadenceDraw
import CadenceLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spinning activity indicator, as `UIActivityIndicatorView`, in its modern (iOS 13+) or
/// classic look. Its state is a pure function of time: starts and stops are recorded with their
/// times, and the frame at `t` is computed from them.
///
/// Rules it keeps (numbers from REFERENCE.md):
/// - modern: 8 ticks, each a rounded bar from r/3 to r, 2 pt wide at 20 pt; alphas from the head
///   backwards 147, 122, 97, 72, 47, 47, 47, 47 (/255); #3C3C44 on light, #EBEBF5 on dark;
/// - classic: 12 ticks fading from #9D9D9D at the head to #E5E5EA;
/// - one revolution a second, clockwise, stepped (no interpolation between ticks);
/// - `startAnimating`/`stopAnimating` are reference-counted: nested loads do not stop it early;
/// - with `hidesWhenStopped` (the default) nothing is drawn while stopped.
public struct ActivityIndicator: Sendable, Hashable {
    /// Which system spinner it draws.
    public enum Look: String, Sendable, Hashable, CaseIterable {
        /// iOS 13 and later (8 ticks), or before (12 ticks).
        case modern, classic
    }

    /// 20 × 20 or 37 × 37 points.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// 20 × 20 or 37 × 37 points.
        case medium, large

        /// The spinner's diameter in points.
        public var diameter: Double { self == .medium ? 20 : 37 }
    }

    /// Light or dark mode: the modern look's tick colour.
    public enum Appearance: String, Sendable, Hashable, CaseIterable {
        /// Dark ticks for a light background, light ticks for a dark one.
        case light, dark
    }

    /// Where the spinner is centred, in its parent's coordinates.
    public var frame: Rect
    /// Modern (8 ticks) or classic (12 ticks).
    public var look = Look.modern
    /// Medium (20 pt) or large (37 pt).
    public var style = Style.medium
    /// Light or dark.
    public var appearance = Appearance.light
    /// Overrides the look's colour (modern: every tick, with the alphas; classic: the head).
    public var color: Color?
    /// Whether nothing is drawn while stopped (`UIActivityIndicatorView.hidesWhenStopped`).
    public var hidesWhenStopped = true
    /// Moves the spinner from the frame's centre, as Kingfisher's `centerOffset`.
    public var centerOffset = Point.zero

    struct Change: Sendable, Hashable {
        var time: Double
        var delta: Int
    }

    var changes: [Change] = []

    /// A stopped, modern, medium, light spinner centred in `frame`.
    public init(frame: Rect) {
        self.frame = frame
    }

    // MARK: Starting and stopping

    /// One more reason to spin, from `time` on.
    public mutating func startAnimating(at time: Double) {
        changes.append(Change(time: time, delta: 1))
    }

    /// One reason fewer; it stops when none are left (extra stops are ignored).
    public mutating func stopAnimating(at time: Double) {
        changes.append(Change(time: time, delta: -1))
    }

    /// Whether it spins at `time`, and since when.
    public func animation(at time: Double) -> (isAnimating: Bool, since: Double) {
        var count = 0
        var since = 0.0
        for change in changes where change.time <= time {
            let before = count
            count = max(count + change.delta, 0)
            if before == 0, count > 0 { since = change.time }
        }
        return (count > 0, since)
    }

    /// Whether it spins at `time`.
    public func isAnimating(at time: Double) -> Bool { animation(at: time).isAnimating }

    // MARK: Drawing

    /// Ticks around the circle: 8 modern, 12 classic.
    public var tickCount: Int { look == .modern ? 8 : 12 }

    /// How much slower the head steps under reduced motion (`fade`): one tick every half second
    /// for the modern look rather than eight a second.
    public static let reducedMotionSlowdown = 4.0

    /// The tick at the head at `time`: it steps once every 1/`tickCount` s while spinning; under
    /// `fade` (the default rule under `reduced`) `reducedMotionSlowdown` times slower; under
    /// `jump` never (a static glyph).
    public func headTick(at time: Double, rule: ReducedMotion = .keep) -> Int {
        let state = animation(at: time)
        guard state.isAnimating, rule != .jump else { return 0 }
        let rate = Double(tickCount) / (rule == .fade ? Self.reducedMotionSlowdown : 1)
        // Reduced in Double before it becomes an Int: no time, however far, can trap.
        let step = ((time - state.since) * rate).rounded(.down).truncatingRemainder(dividingBy: Double(tickCount))
        guard step.isFinite else { return 0 }
        return Int(step < 0 ? step + Double(tickCount) : step)
    }

    /// The colour of the tick `behind` steps behind the head.
    func tickColor(behind: Int) -> Color {
        switch look {
        case .modern:
            let alphas: [Double] = [147, 122, 97, 72, 47, 47, 47, 47]
            var base = color ?? Color(hex: appearance == .light ? "#3C3C44" : "#EBEBF5")!
            base.alpha *= alphas[behind] / 255
            return base
        case .classic:
            let head = color ?? Color(hex: "#9D9D9D")!
            let tail = Color(hex: "#E5E5EA")!
            return Color.interpolate(from: head, to: tail, fraction: Double(behind) / Double(tickCount - 1))
        }
    }

    /// Draws the spinner at `time` under `motion` into `list` (nothing while stopped and hidden).
    public func draw(at time: Double, motion: MotionSetting = .full, into list: inout DisplayList) {
        let state = animation(at: time)
        guard state.isAnimating || !hidesWhenStopped else { return }
        let radius = style.diameter / 2
        let centre = Point(x: frame.minX + frame.width / 2 + centerOffset.x, y: frame.minY + frame.height / 2 + centerOffset.y)
        let scale = radius / 10
        let (inner, width) = look == .modern ? (radius / 3, 2 * scale) : (radius * 0.45, 1.8 * scale)
        let head = headTick(at: time, rule: motion.rule(default: .fade))
        for tick in 0..<tickCount {
            // Tick 0 points up; ticks go clockwise (y grows downwards).
            let angle = Double(tick) / Double(tickCount) * 2 * Double.pi - Double.pi / 2
            let direction = Point(x: cos(angle), y: sin(angle))
            // Half the width in from each end, so the round caps stay within r/3 ... r.
            let start = Point(x: centre.x + direction.x * (inner + width / 2), y: centre.y + direction.y * (inner + width / 2))
            let end = Point(x: centre.x + direction.x * (radius - width / 2), y: centre.y + direction.y * (radius - width / 2))
            let behind = (head - tick + tickCount) % tickCount
            list.line(Line(from: start, to: end, width: width, color: tickColor(behind: behind)))
        }
    }
}
