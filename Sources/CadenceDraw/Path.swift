/// A shape as a list of drawing commands in absolute coordinates, as `CGPath`: what
/// `CAShapeLayer.path` holds.
///
/// A `.move` starts a subpath; `.line`, `.quadCurve` and `.curve` extend it from the current point;
/// `.close` joins it back to its start. Two paths with the same structure (the same element kinds
/// in the same order) interpolate coordinate by coordinate through `components`.
///
/// ```swift
/// let triangle = try Path(svg: "M0 0 L10 0 L5 8 Z")
/// triangle.components  // [0, 0, 10, 0, 5, 8]
/// ```
///
/// See also: `init(svg:)`, `flattened(tolerance:)`, `Polyline`.
public struct Path: Sendable, Hashable {
    /// One drawing command; every point is absolute.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(control: Point, to: Point)
        /// A cubic Bézier curve from the current point.
        case curve(control1: Point, control2: Point, to: Point)
        /// A straight line back to the subpath's start, which ends the subpath.
        case close

        /// The element's points in order: control points first, the end point last.
        var points: [Point] {
            switch self {
            case .move(let point), .line(let point): [point]
            case .quadCurve(let control, let end): [control, end]
            case .curve(let control1, let control2, let end): [control1, control2, end]
            case .close: []
            }
        }

        /// The same kind of element with its points replaced, in the order `points` lists them.
        func replacingPoints(_ replacement: ArraySlice<Point>) -> Element {
            let first = replacement.startIndex
            switch self {
            case .move: return .move(replacement[first])
            case .line: return .line(replacement[first])
            case .quadCurve: return .quadCurve(control: replacement[first], to: replacement[first + 1])
            case .curve: return .curve(control1: replacement[first], control2: replacement[first + 1], to: replacement[first + 2])
            case .close: return .close
            }
        }

        /// 0 for `.move`, 1 for `.line`, and so on: equal for elements of the same kind.
        var kind: Int {
            switch self {
            case .move: 0
            case .line: 1
            case .quadCurve: 2
            case .curve: 3
            case .close: 4
            }
        }
    }

    /// The drawing commands, in absolute coordinates.
    public var elements: [Element]

    /// A path made of `elements`; the empty path draws nothing.
    public init(elements: [Element] = []) {
        self.elements = elements
    }

    /// All coordinates of all elements in order (x, y, x, y, …): what a path animation interpolates.
    ///
    /// Each element contributes its control points, then its end point; `.close` contributes nothing.
    public var components: [Double] {
        var result: [Double] = []
        result.reserveCapacity(elements.count * 2)
        for element in elements {
            for point in element.points {
                result.append(point.x)
                result.append(point.y)
            }
        }
        return result
    }

    /// The same elements with their coordinates replaced from `components`, in the order
    /// `components` lists them; nil when the count differs from `self.components.count`.
    public func withComponents(_ components: [Double]) -> Path? {
        let needed = elements.reduce(0) { $0 + $1.points.count * 2 }
        guard components.count == needed else { return nil }
        var points: [Point] = []
        points.reserveCapacity(needed / 2)
        for index in stride(from: 0, to: components.count, by: 2) {
            points.append(Point(x: components[index], y: components[index + 1]))
        }
        var offset = 0
        var replaced: [Element] = []
        replaced.reserveCapacity(elements.count)
        for element in elements {
            let count = element.points.count
            replaced.append(element.replacingPoints(points[offset..<offset + count]))
            offset += count
        }
        return Path(elements: replaced)
    }

    /// True when both paths have the same element kinds in the same order, so that they
    /// interpolate point by point.
    public func hasSameStructure(as other: Path) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { $0.kind == $1.kind }
    }

    /// The smallest rectangle holding every point of every element, control points included;
    /// nil when the path has no points.
    ///
    /// Control points make it at least as large as the drawn shape, never smaller.
    public var boundingBox: Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var found = false
        for element in elements {
            for point in element.points {
                found = true
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
        }
        guard found else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
