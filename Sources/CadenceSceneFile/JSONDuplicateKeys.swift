/// A key written twice in one JSON object: `JSONDecoder` keeps one of them silently, so a scene
/// file that sets `frame` twice would show only one.
struct JSONDuplicateKey: Equatable {
    /// The key as written (escapes not decoded).
    var key: String
    /// The 1-based line of its second appearance.
    var line: Int
}

/// The keys that appear more than once in one object of `data`, in the order met. One pass over
/// the bytes, no allocation but the key sets; `data` must already be valid JSON.
func duplicateKeys(in data: some Collection<UInt8>) -> [JSONDuplicateKey] {
    var found: [JSONDuplicateKey] = []
    // One entry per open object or array: the keys seen (nil for arrays) and whether the next
    // string is a key.
    var stack: [(keys: Set<[UInt8]>?, expectsKey: Bool)] = []
    var line = 1
    var index = data.startIndex
    while index < data.endIndex {
        let byte = data[index]
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
        case UInt8(ascii: "{"):
            stack.append((keys: [], expectsKey: true))
        case UInt8(ascii: "["):
            stack.append((keys: nil, expectsKey: false))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !stack.isEmpty { stack.removeLast() }
        case UInt8(ascii: ","):
            if let top = stack.last, top.keys != nil { stack[stack.count - 1].expectsKey = true }
        case UInt8(ascii: "\""):
            var string: [UInt8] = []
            index = data.index(after: index)
            while index < data.endIndex, data[index] != UInt8(ascii: "\"") {
                if data[index] == UInt8(ascii: "\\") {
                    string.append(data[index])
                    index = data.index(after: index)
                    guard index < data.endIndex else { break }
                }
                string.append(data[index])
                index = data.index(after: index)
            }
            if let top = stack.last, top.expectsKey, var keys = top.keys {
                if !keys.insert(string).inserted {
                    found.append(JSONDuplicateKey(key: String(decoding: string, as: UTF8.self), line: line))
                }
                stack[stack.count - 1] = (keys: keys, expectsKey: false)
            }
        default:
            break
        }
        if index < data.endIndex { index = data.index(after: index) }
    }
    return found
}
