/// A number literal in JSON text that no `Double` can hold (`1e999`): the decoder refuses the
/// whole file saying only "not representable", so the reader finds the literal to name its place.
struct JSONOutOfRangeNumber: Equatable {
    /// The literal as written.
    var literal: String
    /// 1-based line and column (in characters) of its first byte.
    var line: Int
    var column: Int
}

/// The first number literal of `data` (outside strings) whose value overflows a `Double`, if any.
/// One pass over the bytes; `data` need not be valid JSON.
func firstOutOfRangeNumber(in data: some Collection<UInt8>) -> JSONOutOfRangeNumber? {
    var line = 1
    var column = 1
    var inString = false
    var escaped = false
    var index = data.startIndex
    while index < data.endIndex {
        let byte = data[index]
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            var end = index
            var literal: [UInt8] = []
            while end < data.endIndex, isNumberByte(data[end]) {
                literal.append(data[end])
                end = data.index(after: end)
            }
            let text = String(decoding: literal, as: UTF8.self)
            if let value = Double(text), !value.isFinite {
                return JSONOutOfRangeNumber(literal: text, line: line, column: column)
            }
            column += literal.count
            index = end
            continue
        }
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index = data.index(after: index)
    }
    return nil
}

private func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        true
    default:
        false
    }
}
