import CadenceLayers
import Foundation

/// How a counting label turns its value into text: a printf-style format with exactly one number
/// conversion (`%d`, `%.1f`, `%.2f%%`, …), or a locale-aware number style (grouping, currency).
public enum NumberFormat: Sendable, Hashable {
    /// printf style. Integer conversions (`d i u x X o`) take the value truncated to 64 bits.
    case printf(PrintfFormat)
    /// `NumberFormatter`'s decimal style with grouping separators, e.g. 12,345.6 in en_US.
    case decimal(locale: String, fractionDigits: Int)
    /// `NumberFormatter`'s currency style, e.g. $12,345.60.
    case currency(code: String, locale: String)

    /// `value` as this style writes it.
    public func string(for value: Double) -> String {
        switch self {
        case .printf(let format):
            return format.string(for: value)
        case .decimal(_, let digits):
            // swift-corelibs-foundation ignores maximumFractionDigits: round here (half-even,
            // monotone like the formatter's own rounding).
            let scale = pow(10, Double(digits))
            let rounded = (value * scale).rounded(.toNearestOrEven) / scale
            return FormatterCache.shared.string(for: rounded, format: self) ?? String(rounded)
        case .currency:
            return FormatterCache.shared.string(for: value, format: self) ?? String(value)
        }
    }

    /// A configured formatter for this style (nil for printf formats).
    fileprivate func makeFormatter() -> NumberFormatter? {
        let formatter = NumberFormatter()
        switch self {
        case .printf:
            return nil
        case .decimal(let locale, let digits):
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.minimumFractionDigits = digits
            formatter.maximumFractionDigits = digits
            formatter.roundingMode = .halfEven
        case .currency(let code, let locale):
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .currency
            formatter.currencyCode = code
            formatter.roundingMode = .halfEven
        }
        return formatter
    }
}

/// Formatters are slow to make (ICU loads the locale) and a counting label formats every frame:
/// one is made per style and kept. NumberFormatter is not documented as thread-safe, so each is
/// used under the cache's lock.
private final class FormatterCache: @unchecked Sendable {
    static let shared = FormatterCache()
    private let lock = NSLock()
    private var formatters: [NumberFormat: NumberFormatter] = [:]

    func string(for value: Double, format: NumberFormat) -> String? {
        lock.withLock {
            if formatters[format] == nil { formatters[format] = format.makeFormatter() }
            return formatters[format]?.string(from: NSNumber(value: value))
        }
    }
}

/// A printf format holding exactly one number conversion, checked when made.
public struct PrintfFormat: Sendable, Hashable {
    /// The format as given, e.g. `%.1f`.
    public let format: String
    /// True for integer conversions.
    public let isInteger: Bool
    /// The format with any length modifier replaced by `ll` for integers (64-bit safe).
    private let normalised: String

    /// UICountingLabel's default.
    public static let `default` = try! PrintfFormat("%f")

    /// The largest width or precision a conversion may ask for: `%.64f` is the most digits.
    public static let maximumWidth = 64

    /// Checks `format`: exactly one number conversion (one of `d i u x X o e E f F g G a A`); throws naming the problem.
    public init(_ format: String) throws(NumberFormatError) {
        var conversions: [(range: Range<String.Index>, conversion: Character)] = []
        var index = format.startIndex
        while index < format.endIndex {
            guard format[index] == "%" else { index = format.index(after: index); continue }
            let start = index
            index = format.index(after: index)
            guard index < format.endIndex else { throw .malformed(format) }
            if format[index] == "%" { index = format.index(after: index); continue }
            let flagsStart = index
            while index < format.endIndex, "-+ #0123456789.'".contains(format[index]) { index = format.index(after: index) }
            // Width and precision drive the work printf does (%.999999999f allocates gigabytes).
            for digits in format[flagsStart..<index].split(whereSeparator: { !$0.isNumber })
            where digits.count > 3 || Int(digits) ?? 0 > Self.maximumWidth {
                throw .tooWide(format, String(digits))
            }
            while index < format.endIndex, "hlLqjzt".contains(format[index]) { index = format.index(after: index) }
            guard index < format.endIndex else { throw .malformed(format) }
            let conversion = format[index]
            guard "diuxXoeEfFgGaA".contains(conversion) else { throw .unsupportedConversion(format, conversion) }
            index = format.index(after: index)
            conversions.append((start..<index, conversion))
        }
        guard conversions.count == 1, let only = conversions.first else { throw .needsOneNumber(format, conversions.count) }
        self.format = format
        isInteger = "diuxXo".contains(only.conversion)
        if isInteger {
            // Flags, width and precision kept; the length modifier becomes ll.
            var spec = String(format[only.range].dropLast())
            while let last = spec.last, "hlLqjzt".contains(last) { spec.removeLast() }
            normalised = format.replacingCharacters(in: only.range, with: spec + "ll" + String(only.conversion))
        } else {
            var spec = String(format[only.range].dropLast())
            while let last = spec.last, "hlLqjzt".contains(last) { spec.removeLast() }
            normalised = format.replacingCharacters(in: only.range, with: spec + String(only.conversion))
        }
    }

    /// `value` through the format (integers truncated to 64 bits).
    public func string(for value: Double) -> String {
        if isInteger {
            // Truncated toward zero as UICountingLabel's (int) cast, but in 64 bits and clamped.
            let truncated = value.rounded(.towardZero)
            let clamped: Int64 = truncated >= 9.2e18 ? .max : truncated <= -9.2e18 ? .min : Int64(truncated)
            return String(format: normalised, clamped)
        }
        return String(format: normalised, value)
    }
}

/// A printf format a counting label cannot use, with the reason.
public enum NumberFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The format ends inside a conversion.
    case malformed(String)
    /// A conversion that is not a number's (`%s`, `%c`, …).
    case unsupportedConversion(String, Character)
    /// Not exactly one number conversion: the count found.
    case needsOneNumber(String, Int)
    /// A width or precision above `PrintfFormat.maximumWidth`: the number given.
    case tooWide(String, String)

    public var description: String {
        switch self {
        case .malformed(let format): "format '\(format)' ends in the middle of a conversion"
        case .unsupportedConversion(let format, let conversion):
            "format '\(format)': %\(conversion) is not a number conversion (use d, i, u, x, o, f, e, g or a)"
        case .needsOneNumber(let format, let count):
            "format '\(format)' must hold exactly one number conversion such as %d or %.1f (found \(count)); write %% for a percent sign"
        case .tooWide(let format, let number):
            "format '\(format)': width or precision \(number) is above the limit of \(PrintfFormat.maximumWidth)"
        }
    }
}
