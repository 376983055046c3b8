import CadenceArchive
import Foundation
import Testing

@Suite struct ArchiveTests {
    /// gzip of "hello\n", as `gzip -c` writes it.
    static let hello = Data([
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0xE7, 0x02, 0x00,
        0x20, 0x30, 0x3A, 0x36, 0x06, 0x00, 0x00, 0x00,
    ])

    @Test func inflatesGzip() throws {
        #expect(try Inflate.decompress(Self.hello, format: .gzip, limit: 100) == Data("hello\n".utf8))
    }

    @Test func refusesCorruptTruncatedAndOversizedStreams() {
        #expect(throws: ArchiveError.self) { try Inflate.decompress(Data(repeating: 9, count: 40), format: .gzip, limit: 100) }
        #expect(throws: ArchiveError.self) { try Inflate.decompress(Self.hello.prefix(14), format: .gzip, limit: 100) }
        #expect {
            try Inflate.decompress(Self.hello, format: .gzip, limit: 3)
        } throws: { error in
            "\(error)".contains("inflates to more than 3 bytes")
        }
    }

    @Test func refusesWhatIsNotAZipArchive() {
        #expect(throws: ArchiveError.self) { try ZipArchive(Data("short".utf8)) }
        #expect(throws: ArchiveError.self) { try ZipArchive(Data(repeating: 0, count: 200)) }
    }
}
