import CadenceFiles

/// A Lottie file's JSON: the one `JSONValue`, read as Lottie reads it. Lottie stores flags as 0/1
/// or true/false interchangeably, so `number` reads a boolean as 1 or 0.
typealias LottieJSON = JSONValue

extension JSONValue {
    /// A number, or a boolean as 1 or 0.
    var number: Double? {
        switch self {
        case .number(let value): return value
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A number, or an array's numbers (nil when any element is not a number).
    var numbers: [Double]? {
        switch self {
        case .array(let values):
            var result: [Double] = []
            result.reserveCapacity(values.count)
            for value in values {
                guard let number = value.number else { return nil }
                result.append(number)
            }
            return result
        default:
            return number.map { [$0] }
        }
    }
}
