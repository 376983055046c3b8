import Foundation

/// JSON written as text, for the writers that build it straight out (traces, `lottie info --json`)
/// rather than through `JSONSerialization`'s `Any` tree.
public enum JSONText {
    /// `text` as a JSON string literal: quoted, with `"`, `\` and control characters escaped as
    /// RFC 8259 asks.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
