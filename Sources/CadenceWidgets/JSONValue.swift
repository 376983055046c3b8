import CadenceLayers
import Foundation

/// A parsed JSON value, with booleans and numbers kept apart on every platform.
public enum JSONValue: Sendable, Hashable, Decodable {
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

    /// Reads one JSON value of any kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
