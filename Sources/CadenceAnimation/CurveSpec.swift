/// A curve named as text: `linear`, `easeInOut`, `caEaseOut`, `cubicBezier(0.25,0.1,0.25,1)`,
/// `spring(1,100,10,0)`, `easeOutBounce`, `steps(4,end)`, …
///
/// The one public parser of curve names: `cadence curve` reads its argument with it and scene
/// files their `timingFunction`s, so a name means the same everywhere. It lives here, beside the
/// curves, rather than in the command line because the scene reader needs it too.
///
/// ```swift
/// try CurveSpec.parse("caEaseInEaseOut")  // .curve(.caEaseInEaseOut)
/// try CurveSpec.parse("easeIn", rate: 2)  // .curve(.easeIn(rate: 2))
/// ```
public enum CurveSpec: Sendable, Hashable {
    /// A curve on 0 ... 1.
    case curve(TimingCurve)
    /// A spring, evaluated in seconds.
    case spring(Spring)

    /// Every form `parse` accepts, for error messages and help.
    public static let forms: [String] = [
        "linear", "easeIn", "easeOut", "easeInOut",
        "caDefault", "caEaseIn", "caEaseOut", "caEaseInEaseOut",
        "cubicBezier(x1,y1,x2,y2)", "spring(mass,stiffness,damping,velocity)",
        "easeInQuad … easeInOutBounce (Quad Cubic Quart Quint Sine Expo Circ Back Elastic Bounce)",
        "steps(n,start|end)",
    ]

    /// Every curve name `parse` accepts (with or without arguments).
    public static let names: [String] = [
        "linear", "easeIn", "easeOut", "easeInOut", "caDefault", "caEaseIn", "caEaseOut", "caEaseInEaseOut",
        "cubicBezier", "spring", "steps",
    ] + Penner.all.map(\.name)

    /// Parses `text`; `rate` applies to the power curves (easeIn, easeOut, easeInOut) only.
    public static func parse(_ text: String, rate: Double? = nil) throws(CurveSpecError) -> CurveSpec {
        let trimmed = text.filter { !$0.isWhitespace }
        let name = String(trimmed.prefix { $0 != "(" })
        let arguments: [String]?
        if trimmed.count > name.count {
            guard trimmed.hasSuffix(")") else { throw .malformed(text) }
            let inside = trimmed.dropFirst(name.count + 1).dropLast()
            arguments = inside.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        } else {
            arguments = nil
        }
        let power: [String: (Double) -> TimingCurve] = [
            "easeIn": { .easeIn(rate: $0) }, "easeOut": { .easeOut(rate: $0) }, "easeInOut": { .easeInOut(rate: $0) },
        ]
        if rate != nil, power[name] == nil {
            throw .rateNotApplicable(name)
        }
        /// Runs `make`, turning a parameter error into one that names the spec.
        func checked(_ make: () throws(CurveError) -> CurveSpec) throws(CurveSpecError) -> CurveSpec {
            do {
                return try make()
            } catch {
                throw .invalid(text, error)
            }
        }
        switch (name, arguments) {
        case ("linear", nil): return .curve(.linear)
        case ("caDefault", nil): return .curve(.caDefault)
        case ("caEaseIn", nil): return .curve(.caEaseIn)
        case ("caEaseOut", nil): return .curve(.caEaseOut)
        case ("caEaseInEaseOut", nil): return .curve(.caEaseInEaseOut)
        case ("cubicBezier", let arguments?):
            let values = try numbers(arguments, count: 4, in: text)
            return try checked { () throws(CurveError) in
                .curve(.cubicBezier(try CubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3])))
            }
        case ("spring", let arguments?):
            let values = try numbers(arguments, count: 4, in: text)
            return try checked { () throws(CurveError) in
                .spring(try Spring(mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: values[3]))
            }
        case ("steps", let arguments?):
            guard arguments.count == 2, let count = Int(arguments[0]), let position = StepPosition(rawValue: arguments[1]) else {
                throw .malformed(text)
            }
            return try checked { () throws(CurveError) in .curve(try TimingCurve.steps(count, position).validated()) }
        case (let name, nil):
            if let make = power[name] {
                return try checked { () throws(CurveError) in .curve(try make(rate ?? TimingCurve.defaultRate).validated()) }
            }
            if let penner = Penner.all.first(where: { $0.name == name }) {
                return .curve(.penner(penner))
            }
            throw .unknown(text)
        default:
            throw .unknown(text)
        }
    }

    private static func numbers(_ arguments: [String], count: Int, in text: String) throws(CurveSpecError) -> [Double] {
        guard arguments.count == count else { throw .malformed(text) }
        var values: [Double] = []
        for argument in arguments {
            guard let value = Double(argument), value.isFinite else { throw .malformed(text) }
            values.append(value)
        }
        return values
    }
}

/// Why a curve spec was refused; the message lists the valid forms where that helps.
public enum CurveSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No curve has that name.
    case unknown(String)
    /// The spec is not `name` or `name(arguments)` with the right number of finite numbers.
    case malformed(String)
    /// The curve's parameters break its rules.
    case invalid(String, CurveError)
    /// A rate was given for a curve other than easeIn, easeOut or easeInOut.
    case rateNotApplicable(String)

    public var description: String {
        switch self {
        case .unknown(let text):
            "unknown curve '\(text)'\(Spelling.suggestion(for: String(text.prefix { $0 != "(" }), among: CurveSpec.names)); valid forms: \(CurveSpec.forms.joined(separator: ", "))"
        case .malformed(let text):
            "cannot read '\(text)': expected one of \(CurveSpec.forms.joined(separator: ", ")) with finite numbers"
        case .invalid(let text, let error):
            "'\(text)': \(error)"
        case .rateNotApplicable(let name):
            "--rate applies to easeIn, easeOut and easeInOut, not '\(name)'"
        }
    }
}
