import Foundation

/// A parsed JSON value: what scene files, event files and Lottie files are read into, by the one
/// reader (`parse`) with one depth and size policy.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number, as a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// A list.
    case array([JSONValue])
    /// An object, by key.
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects read: real files nest a few dozen levels;
    /// deeper is refused before it costs stack.
    public static let maximumDepth = 256
    /// The largest document the readers take, in bytes: 64 MiB.
    public static let maximumDocumentSize = 64 << 20

    /// Parses `data`, refusing nesting deeper than `maximumDepth`; errors say "not valid JSON:
    /// line L, column C: what".
    ///
    /// Read straight from the bytes: going through Foundation's `JSONSerialization` and converting
    /// its `Any` tree cost about 100 bytes of memory and a microsecond for each byte of the file
    /// (a 33 MB file of a million keyframes took 34 s and 3.5 GB to read).
    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        try parsed(data).value
    }

    /// `parse(_:)`, also listing the keys written twice in one object (the last is kept) in the
    /// order met.
    public static func parse(_ data: Data, duplicates: inout [JSONDuplicateKey]) throws(JSONError) -> JSONValue {
        let (value, found) = try parsed(data)
        duplicates = found
        return value
    }

    private static func parsed(_ data: Data) throws(JSONError) -> (value: JSONValue, duplicates: [JSONDuplicateKey]) {
        let result: Result<(JSONValue, [JSONDuplicateKey]), JSONError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONError) {
                let value = try parser.document()
                return .success((value, parser.duplicates))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Why bytes are not a JSON document: "not valid JSON: line L, column C: what".
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// A key written twice in one JSON object (only the last is kept).
public struct JSONDuplicateKey: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The 1-based line of its second appearance.
    public var line: Int
}
