import Foundation
import Testing

/// Every relative link and image of the README and the reference pages names a file that exists,
/// from the folder of the page it is in (as a forge resolves it), outside code blocks.
@Suite struct DocLinkTests {
    /// The relative targets of `[text](target)` and `![alt](target)` in `text`, outside ``` blocks:
    /// no URL scheme, no bare `#anchor`, the anchor dropped.
    static func relativeTargets(in text: String) -> [String] {
        var targets: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode else { continue }
            var rest = Substring(line)
            // Each pass moves past one "](": bounded by the line's length.
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(where: { $0 == ")" || $0 == " " }) else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                guard !target.isEmpty, !target.hasPrefix("#"), !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                targets.append(String(target.split(separator: "#", maxSplits: 1)[0]))
            }
        }
        return targets
    }

    @Test func linksFindTheirFilesFromThePageTheyAreIn() throws {
        var checked = 0
        for page in DocCommandTests.pages {
            let url = DocCommandTests.root.appendingPathComponent(page)
            let folder = url.deletingLastPathComponent()
            for target in Self.relativeTargets(in: try String(contentsOf: url, encoding: .utf8)) {
                checked += 1
                let resolved = folder.appendingPathComponent(target).standardized.path
                #expect(FileManager.default.fileExists(atPath: resolved), "\(page): \(target) is not at \(resolved)")
            }
        }
        #expect(checked >= 20)
    }

    @Test func targetsAreFoundOutsideCodeOnly() {
        let text = "See [a](docs/a.md#x), ![b](../b.png \"t\"), [web](https://x.org), [here](#y).\n```\n[c](c.md)\n```\n"
        #expect(Self.relativeTargets(in: text) == ["docs/a.md", "../b.png"])
    }
}
