extension Path {
    /// A path read from SVG path data (the `d` attribute): commands M L H V C S Q T A Z, upper case
    /// absolute and lower case relative to the current point.
    ///
    /// - A command's arguments may repeat without repeating the letter: "M0 0 10 10" is a move then
    ///   a line, "L1 1 2 2" two lines.
    /// - Numbers follow SVG: "1e3", "-.5", and ".5.5" (two numbers); commas and whitespace are
    ///   optional wherever the numbers stay apart. Arc flags are single digits "0" or "1", so
    ///   "a1 1 0 105 5" reads the flags 1 and 0 and then 5.
    /// - H and V become `.line`; S and T reflect the previous curve's last control point (or use the
    ///   current point when the previous command was no curve of their kind) and become `.curve`
    ///   and `.quadCurve`.
    /// - A becomes one `.curve` per quarter turn or less. Radii too small to reach the end point
    ///   grow in proportion until they do (SVG F.6.6); a zero radius makes a `.line`; an arc to its
    ///   own start point is left out.
    /// - After Z the current point is the subpath's start; a drawing command that follows without
    ///   an M starts a new subpath there (with an explicit `.move`).
    /// - Empty or whitespace-only text is the empty path; any other text must begin with M or m.
    ///
    /// Throws a `PathError` naming the UTF-8 offset of the first bad command or number: an unknown
    /// letter, a missing or malformed number, a number out of `Double`'s range, an arc flag other
    /// than 0 or 1.
    ///
    /// ```swift
    /// try Path(svg: "M0 0 h10 v10 z").elements
    /// // [.move((0, 0)), .line((10, 0)), .line((10, 10)), .close]
    /// ```
    public init(svg: String) throws(PathError) {
        var parser = _SVGPathParser(text: Array(svg.utf8))
        self.init(elements: try parser.parse())
    }
}

/// Reads SVG path data one command at a time, keeping the state that relative commands and
/// reflections need.
struct _SVGPathParser {
    private let text: [UInt8]
    private var index = 0
    private var elements: [Path.Element] = []
    private var current = SIMD2<Double>(0, 0)
    private var subpathStart = SIMD2<Double>(0, 0)
    /// True after Z: the next drawing command needs a `.move` to the subpath's start.
    private var needsMove = false
    /// The last control point of the previous element, when it was a cubic curve (for S).
    private var lastCubicControl: SIMD2<Double>?
    /// The control point of the previous element, when it was a quadratic curve (for T).
    private var lastQuadControl: SIMD2<Double>?

    init(text: [UInt8]) {
        self.text = text
    }

    mutating func parse() throws(PathError) -> [Path.Element] {
        var command: UInt8 = 0
        var first = true
        while true {
            skipSeparators()
            guard index < text.count else { break }
            let byte = text[index]
            let commandOffset = index
            if Self.isCommand(byte) {
                command = byte
                index += 1
            } else if startsNumber(byte) && !first && command != UInt8(ascii: "Z") && command != UInt8(ascii: "z") {
                // An implicit repeat: after a move, the repeats are lines.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                throw PathError(offset: commandOffset, message: "unexpected \(Self.describe(byte)) at offset \(commandOffset)")
            }
            if first && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                throw PathError(offset: commandOffset, message: "path data must begin with 'M' or 'm', found \(Self.describe(byte)) at offset \(commandOffset)")
            }
            first = false
            try apply(command)
        }
        return elements
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func startsNumber(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".")
    }

    /// Skips whitespace and at most one comma.
    private mutating func skipSeparators() {
        var sawComma = false
        while index < text.count {
            switch text[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: index += 1
            case UInt8(ascii: ",") where !sawComma:
                sawComma = true
                index += 1
            default: return
            }
        }
    }

    private mutating func apply(_ command: UInt8) throws(PathError) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : SIMD2<Double>(0, 0)
        let upper = relative ? command - 32 : command
        let letter = Character(Unicode.Scalar(command))
        var cubicControl: SIMD2<Double>?
        var quadControl: SIMD2<Double>?
        switch upper {
        case UInt8(ascii: "M"):
            let point = origin + (try pair(after: letter))
            elements.append(.move(point._point))
            current = point
            subpathStart = point
            needsMove = false
        case UInt8(ascii: "L"):
            lineTo(origin + (try pair(after: letter)))
        case UInt8(ascii: "H"):
            lineTo(SIMD2(origin.x + (try number(after: letter)), current.y))
        case UInt8(ascii: "V"):
            lineTo(SIMD2(current.x, origin.y + (try number(after: letter))))
        case UInt8(ascii: "C"):
            let control1 = origin + (try pair(after: letter))
            let control2 = origin + (try pair(after: letter))
            let end = origin + (try pair(after: letter))
            curveTo(control1, control2, end)
            cubicControl = control2
        case UInt8(ascii: "S"):
            let control1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let control2 = origin + (try pair(after: letter))
            let end = origin + (try pair(after: letter))
            curveTo(control1, control2, end)
            cubicControl = control2
        case UInt8(ascii: "Q"):
            let control = origin + (try pair(after: letter))
            let end = origin + (try pair(after: letter))
            quadTo(control, end)
            quadControl = control
        case UInt8(ascii: "T"):
            let control = lastQuadControl.map { current * 2 - $0 } ?? current
            let end = origin + (try pair(after: letter))
            quadTo(control, end)
            quadControl = control
        case UInt8(ascii: "A"):
            let rx = try number(after: letter)
            let ry = try number(after: letter)
            let rotation = try number(after: letter)
            let largeArc = try flag(after: letter)
            let sweep = try flag(after: letter)
            let end = origin + (try pair(after: letter))
            beginDrawing()
            elements += _SVGArc(from: current, to: end, radii: SIMD2(rx, ry), rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
                .elements()
            current = end
        default:  // Z
            if !needsMove, let last = elements.last, last != .close {
                elements.append(.close)
            }
            current = subpathStart
            needsMove = true
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private mutating func beginDrawing() {
        if needsMove {
            elements.append(.move(subpathStart._point))
            needsMove = false
        }
    }

    private mutating func lineTo(_ point: SIMD2<Double>) {
        beginDrawing()
        elements.append(.line(point._point))
        current = point
    }

    private mutating func quadTo(_ control: SIMD2<Double>, _ end: SIMD2<Double>) {
        beginDrawing()
        elements.append(.quadCurve(control: control._point, to: end._point))
        current = end
    }

    private mutating func curveTo(_ control1: SIMD2<Double>, _ control2: SIMD2<Double>, _ end: SIMD2<Double>) {
        beginDrawing()
        elements.append(.curve(control1: control1._point, control2: control2._point, to: end._point))
        current = end
    }

    private mutating func pair(after command: Character) throws(PathError) -> SIMD2<Double> {
        let x = try number(after: command)
        let y = try number(after: command)
        return SIMD2(x, y)
    }

    /// Reads one number, with the separators before it.
    private mutating func number(after command: Character) throws(PathError) -> Double {
        skipSeparators()
        let start = index
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else {
            index = start
            throw PathError(offset: start, message: "expected a number after '\(command)' at offset \(start)")
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            if skipDigits() == 0 {
                throw PathError(offset: start, message: "malformed exponent at offset \(exponentStart) in the number at offset \(start)")
            }
        }
        let literal = String(decoding: text[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw PathError(offset: start, message: "number \(literal) at offset \(start) is out of range")
        }
        return value
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
        return index - start
    }

    private mutating func flag(after command: Character) throws(PathError) -> Bool {
        skipSeparators()
        guard index < text.count else {
            throw PathError(offset: index, message: "expected an arc flag (0 or 1) after '\(command)' at offset \(index)")
        }
        switch text[index] {
        case UInt8(ascii: "0"):
            index += 1
            return false
        case UInt8(ascii: "1"):
            index += 1
            return true
        default:
            throw PathError(offset: index, message: "arc flag at offset \(index) must be 0 or 1, found \(Self.describe(text[index]))")
        }
    }
}
