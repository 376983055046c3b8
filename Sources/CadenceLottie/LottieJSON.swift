import Foundation

/// A parsed JSON value as the Lottie reader needs it: Lottie stores flags as 0/1 or true/false
/// interchangeably, so booleans read as the numbers 0 and 1.
enum LottieJSON: Sendable {
    case null
    case number(Double)
    case string(String)
    case array([LottieJSON])
    case object([String: LottieJSON])

    /// The deepest nesting of arrays and objects read: real files nest a few dozen levels
    /// (precompositions are references, not nesting); deeper is refused before it costs stack.
    static let maximumDepth = 256

    /// Parses `data`, refusing nesting deeper than `maximumDepth`.
    ///
    /// Read straight from the bytes (`LottieJSONParser`): going through Foundation's
    /// `JSONSerialization` and converting its `Any` tree cost about 100 bytes of memory and a
    /// microsecond for each byte of the file (a 33 MB file of a million keyframes took 34 s and
    /// 3.5 GB to read).
    static func parse(_ data: Data) throws(LottieJSONError) -> LottieJSON {
        let parsed: Result<LottieJSON, LottieJSONError> = data.withUnsafeBytes { raw in
            var parser = LottieJSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(LottieJSONError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try parsed.get()
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [LottieJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var object: [String: LottieJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A number, or an array's numbers (nil when any element is not a number).
    var numbers: [Double]? {
        switch self {
        case .number(let value): return [value]
        case .array(let values):
            var result: [Double] = []
            result.reserveCapacity(values.count)
            for value in values {
                guard let number = value.number else { return nil }
                result.append(number)
            }
            return result
        default: return nil
        }
    }
}

/// Why bytes are not a JSON document the reader takes.
struct LottieJSONError: Error {
    var message: String
}
