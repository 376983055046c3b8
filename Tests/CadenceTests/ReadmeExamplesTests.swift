import Foundation
import Testing

/// The Swift guide (`docs/swift.md`, linked from the README) shows the client package's files;
/// `make test` builds and tests that package, so the guide's code runs as written as long as it
/// is a verbatim copy.
@Suite struct ReadmeExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's Swift tour is `Tests/CadenceTests/HelloTests.swift`, which runs here.
    @Test func readmeShowsTheHelloTestVerbatim() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.root.appendingPathComponent("Tests/CadenceTests/HelloTests.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + file + "```"), "README.md does not show Tests/CadenceTests/HelloTests.swift as it is")
    }

    @Test(arguments: [
        "Examples/ClientPackage/Package.swift",
        "Examples/ClientPackage/Sources/CardScene/CardScene.swift",
        "Examples/ClientPackage/Sources/render-card/main.swift",
        "Examples/ClientPackage/Tests/CardSceneTests/CardSceneTests.swift",
    ])
    func readmeShowsTheClientFileVerbatim(path: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/swift.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(readme.contains("```swift\n" + file + "```"), "docs/swift.md does not show \(path) as it is")
    }
}
