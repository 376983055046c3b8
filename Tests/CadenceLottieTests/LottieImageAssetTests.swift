import Foundation
import Testing
@testable import CadenceLottie

/// Where an image asset's file may come from (`LottieAssets`), through the Swift API: the checked
/// path is the source the image store reads; anything else is a warning naming the asset and path.
@Suite struct LottieImageAssetTests {
    /// Holds `anim/` (the Lottie file and `beside.png`) and `outside/secret.png`; the files only
    /// need to exist, nothing decodes them here.
    let folder: String

    init() throws {
        let made = NSTemporaryDirectory() + "cadence-lottie-assets-\(UUID().uuidString)"
        for name in ["anim", "outside"] {
            try FileManager.default.createDirectory(atPath: made + "/" + name, withIntermediateDirectories: true)
        }
        try Data("png".utf8).write(to: URL(fileURLWithPath: made + "/outside/secret.png"))
        try Data("png".utf8).write(to: URL(fileURLWithPath: made + "/anim/beside.png"))
        // The real path, as sources give it (the temporary folder may be reached through a link).
        folder = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
    }

    /// A document with image assets `(id, u, p)` and an image layer showing each.
    static func document(_ assets: [(id: String, u: String, p: String)]) -> String {
        let list = assets.map { #"{"id": "\#($0.id)", "w": 8, "h": 8, "u": "\#($0.u)", "p": "\#($0.p)"}"# }
        let layers = assets.enumerated().map { #"{"ty": 2, "nm": "\#($1.id) layer", "ind": \#($0 + 1), "refId": "\#($1.id)", "ip": 0, "op": 30, "ks": {}}"# }
        return LottieTestFiles.document(layers: layers.joined(separator: ", "), assets: "[" + list.joined(separator: ", ") + "]", size: 8)
    }

    func write(_ assets: [(id: String, u: String, p: String)]) throws -> String {
        let path = folder + "/anim/anim.json"
        try Data(Self.document(assets).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func filesInsideTheFolderAreReadByTheirRealPath() throws {
        let animation = try LottieAnimation(contentsOf: try write([("a", "", "beside.png"), ("b", "x/../", "beside.png"), ("c", "", "data:image/png;base64,AAAA")]))
        #expect(animation.imageSources == [folder + "/anim/beside.png", folder + "/anim/beside.png", "data:image/png;base64,AAAA"])
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
    }

    /// Each refused asset is its own warning, naming it and its path; its layer warns of nothing
    /// more; the feature is listed once; `strict` makes it an error.
    @Test func refusedAssetsAreWarnedOneByOne() throws {
        let path = try write([("up", "", "../outside/secret.png"), ("abs", folder + "/outside/", "secret.png"), ("web", "", "https://example.com/a.png")])
        let animation = try LottieAnimation(contentsOf: path)
        #expect(animation.imageSources.isEmpty)
        #expect(animation.refusedImages.count == 3)
        #expect(animation.warnings.count == 3, "no missing-asset warnings for their layers: \(animation.warnings)")
        #expect(animation.skippedFeatures == [LottieAnimation.refusedImagesFeature])
        let messages = animation.warnings.map(\.description)
        #expect(messages[0] == "\(path): assets[0].p: image asset \"up\", \"../outside/secret.png\", climbs out of the Lottie file's folder \(folder)/anim with .. (an asset folder, --assets, allows a wider one): not read, layers showing it draw nothing")
        #expect(messages[1].contains("image asset \"abs\", \"\(folder)/outside/secret.png\", is an absolute path"), "\(messages[1])")
        #expect(messages[2].contains("image asset \"web\", \"https://example.com/a.png\", is a URL (https:), and Cadence never fetches or opens one"), "\(messages[2])")
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: path, strict: true) }
    }

    /// An asset root widens the folder: `..`, absolute paths and links inside it are read.
    @Test func anAssetRootAllowsFilesAnywhereInsideIt() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/link.png", withDestinationPath: folder + "/outside/secret.png")
        let path = try write([("up", "", "../outside/secret.png"), ("abs", folder + "/outside/", "secret.png"), ("link", "", "link.png")])
        let animation = try LottieAnimation(contentsOf: path, assetRoot: folder)
        #expect(animation.imageSources == Array(repeating: folder + "/outside/secret.png", count: 3))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        let narrow = try LottieAnimation(contentsOf: path, assetRoot: folder + "/anim")
        #expect(narrow.imageSources.isEmpty)
        #expect(narrow.warnings.map(\.message).allSatisfy { $0.contains("outside") }, "\(narrow.warnings)")
    }

    /// An archive's images are its entries, as `data:` URIs: `u` + `p`, then `images/p` and `i/p`;
    /// nothing is read from disk.
    @Test func archiveAssetsAreItsEntries() throws {
        let entries = ["images/a.png": Data([0x89, 0x50]), "i/b.jpg": Data([0xFF, 0xD8, 0xFF, 0xE0])]
        let json = Self.document([("a", "/images/", "a.png"), ("b", "", "b.jpg"), ("c", "", "c.png"), ("d", "", "../../\(folder)/anim/beside.png")])
        let animation = try LottieAnimation(data: Data(json.utf8), file: "pack.lottie/animations/x.json", assets: .archive { entries[$0] })
        #expect(animation.imageSources == ["data:image/png;base64,iVA=", "data:image/jpeg;base64,/9j/4A=="])
        #expect(animation.warnings.map(\.feature) == [LottieAnimation.missingImagesFeature, LottieAnimation.refusedImagesFeature])
        #expect(animation.warnings[0].message.contains("image asset \"c\", \"c.png\", is not in the dotLottie archive"), "\(animation.warnings)")
        #expect(animation.warnings[1].message.contains("climbs out of the dotLottie archive"), "\(animation.warnings)")
    }
}
