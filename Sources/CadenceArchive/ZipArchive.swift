import Foundation

/// A zip archive read from memory: its entries by name (from the central directory), each read
/// on demand, stored or deflated, checked against its CRC-32 and limited in size. Enough for
/// dotLottie files (`manifest.json`, `animations/…`, `images/…`); no encryption, no ZIP64.
public struct ZipArchive: Sendable {
    /// One file in the archive.
    public struct Entry: Sendable, Hashable {
        public var name: String
        let method: UInt16
        let crc: UInt32
        let compressedSize: Int
        public let size: Int
        let localHeader: Int
    }

    private let data: Data
    /// The entries, in the archive's order.
    public let entries: [Entry]

    /// The most entries an archive may list.
    public static let maximumEntries = 100_000

    /// Reads the central directory of `data`; throws when it is not a zip archive.
    public init(_ data: Data) throws(ArchiveError) {
        self.data = data
        let bytes = [UInt8](data)
        // The end-of-central-directory record: its signature within the last 64 KiB + 22 bytes.
        guard bytes.count >= 22 else { throw ArchiveError("not a zip archive (too short)") }
        var end = -1
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while position >= lowest {
            if bytes[position] == 0x50, bytes[position + 1] == 0x4B, bytes[position + 2] == 5, bytes[position + 3] == 6 { end = position; break }
            position -= 1
        }
        guard end >= 0 else { throw ArchiveError("not a zip archive (no end of central directory)") }
        func u16(_ at: Int) throws(ArchiveError) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw ArchiveError("the archive is truncated") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws(ArchiveError) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw ArchiveError("the archive is truncated") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let count = try u16(end + 10)
        var cursor = try u32(end + 16)
        guard count <= Self.maximumEntries else { throw ArchiveError("the archive lists more than \(Self.maximumEntries) entries") }
        var entries: [Entry] = []
        for _ in 0..<count {
            guard try u32(cursor) == 0x0201_4B50 else { throw ArchiveError("the central directory is corrupt") }
            let method = try u16(cursor + 10)
            let crc = try u32(cursor + 16)
            let compressed = try u32(cursor + 20)
            let size = try u32(cursor + 24)
            let nameLength = try u16(cursor + 28), extraLength = try u16(cursor + 30), commentLength = try u16(cursor + 32)
            let local = try u32(cursor + 42)
            guard cursor + 46 + nameLength <= bytes.count else { throw ArchiveError("the archive is truncated") }
            let name = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: UInt16(method), crc: UInt32(crc), compressedSize: compressed, size: size, localHeader: local))
            cursor += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The entry called `name`.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The bytes of `entry`, at most `limit`.
    public func contents(of entry: Entry, limit: Int) throws(ArchiveError) -> Data {
        guard entry.size <= limit else { throw ArchiveError("\(entry.name) is \(entry.size) bytes, more than \(limit)") }
        let header = entry.localHeader
        guard header >= 0, header + 30 <= data.count else { throw ArchiveError("\(entry.name): the archive is truncated") }
        let start = data.startIndex
        func u16(_ at: Int) -> Int { Int(data[start + at]) | Int(data[start + at + 1]) << 8 }
        guard data[start + header] == 0x50, data[start + header + 1] == 0x4B, data[start + header + 2] == 3, data[start + header + 3] == 4 else {
            throw ArchiveError("\(entry.name): the local header is corrupt")
        }
        let offset = header + 30 + u16(header + 26) + u16(header + 28)
        guard offset >= 0, entry.compressedSize >= 0, offset + entry.compressedSize <= data.count else {
            throw ArchiveError("\(entry.name): the archive is truncated")
        }
        let stored = data.subdata(in: (start + offset)..<(start + offset + entry.compressedSize))
        let contents: Data
        switch entry.method {
        case 0: contents = stored
        case 8:
            do {
                contents = try Inflate.decompress(stored, format: .raw, limit: limit)
            } catch {
                throw ArchiveError("\(entry.name): \(error.message)")
            }
        default: throw ArchiveError("\(entry.name): compression method \(entry.method) is not supported (stored and deflate are)")
        }
        guard contents.count == entry.size, CRC32.checksum(contents) == entry.crc else {
            throw ArchiveError("\(entry.name): the contents do not match the archive's size and checksum")
        }
        return contents
    }
}

/// CRC-32 (IEEE), as zip archives check entries with.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
