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
    static func parse(_ data: Data) throws(LottieJSONError) -> LottieJSON {
        let object: Any
        do {
            // Foundation's parser refuses nesting past its own (larger) limit with an error.
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let detail = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            throw LottieJSONError(message: "not valid JSON: \(detail)")
        }
        return try convert(object, depth: 0)
    }

    private static func convert(_ value: Any, depth: Int) throws(LottieJSONError) -> LottieJSON {
        guard depth <= maximumDepth else {
            throw LottieJSONError(message: "nested deeper than \(maximumDepth) levels of arrays and objects")
        }
        switch value {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            return .number(number.doubleValue)
        case let array as [Any]:
            var converted: [LottieJSON] = []
            converted.reserveCapacity(array.count)
            for element in array { converted.append(try convert(element, depth: depth + 1)) }
            return .array(converted)
        case let object as [String: Any]:
            var converted: [String: LottieJSON] = [:]
            converted.reserveCapacity(object.count)
            for (key, element) in object { converted[key] = try convert(element, depth: depth + 1) }
            return .object(converted)
        default:
            return .null
        }
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
