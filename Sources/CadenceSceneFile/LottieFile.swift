import CadenceArchive
import CadenceFiles
import CadenceLottie
import Foundation

/// Lottie animations in the containers they travel in, opened by their file name: Bodymovin JSON
/// (`.json`), a Telegram sticker (`.tgs`: gzipped JSON) or a dotLottie archive (`.lottie`: a zip
/// of a manifest, its animations and their images). `cadence render`, `lottie info`,
/// `bench lottie`, a scene's `Lottie` node and a Swift app open them the same way.
///
/// ```swift
/// let sticker = try LottieFile.open("hello.tgs")
/// let second = try LottieFile.open("pack.lottie", animation: "wave")
/// ```
public enum LottieFile {
    /// Whether `path` names a Lottie container by its extension (`.json`, `.tgs`, `.lottie`).
    public static func isLottieName(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".json") || lowered.hasSuffix(".tgs") || lowered.hasSuffix(".lottie")
    }

    /// The animation at `path`. A dotLottie plays animation `id` (its manifest's first when nil)
    /// and takes its images from the archive only; other files read image files from inside their
    /// own folder, or from anywhere inside `assetRoot` (`LottieAssets`). A `.json` that is not a
    /// Lottie document is nil when `jsonMayBeOther` (a scene file, for `cadence render`), an
    /// error otherwise. Errors name the file, layer and property.
    public static func open(
        _ path: String, strict: Bool = false, animation id: String? = nil, assetRoot: String? = nil, jsonMayBeOther: Bool = false,
        expressions: Bool = true, slots: LottieSlots = LottieSlots(), theme: String? = nil
    ) throws(LottieError) -> LottieAnimation? {
        let lowered = path.lowercased()
        let dotLottie = lowered.hasSuffix(".lottie")
        if id != nil, !dotLottie { throw LottieError(file: path, message: "--animation takes a dotLottie file (.lottie)") }
        if theme != nil, !dotLottie { throw LottieError(file: path, message: "--theme takes a dotLottie file (.lottie)") }
        var slots = slots
        if assetRoot != nil, dotLottie { throw LottieError(file: path, message: "a dotLottie file's images come from its archive only (--assets)") }
        let data: Data
        do throws(FileProblem) {
            data = try FilePaths.read(path, limit: LottieAnimation.maximumFileSize)
        } catch {
            throw LottieError(file: path, message: error.reason)
        }
        var json = data
        var file = path
        var assets = assetRoot.map(LottieAssets.folder) ?? .besideFile
        if lowered.hasSuffix(".tgs") {
            do {
                json = try Inflate.decompress(data, format: .gzip, limit: LottieAnimation.maximumFileSize)
            } catch {
                throw LottieError(file: path, message: "not a Telegram sticker (gzipped Lottie JSON): \(error.message)")
            }
        } else if dotLottie {
            var themed = LottieSlots()
            do {
                (json, file, assets, themed) = try DotLottie.animation(in: data, id: id, path: path, theme: theme)
            } catch {
                throw LottieError(file: path, message: error.message)
            }
            // A theme's slots, then the ones given, which win.
            for (slot, value) in slots.values { themed[slot] = value }
            slots = themed
        }
        if jsonMayBeOther, lowered.hasSuffix(".json") {
            return try LottieAnimation.ifLottie(json, file: file, strict: strict, assets: assets, expressions: expressions, slots: slots)
        }
        return try LottieAnimation(data: json, file: file, strict: strict, assets: assets, expressions: expressions, slots: slots)
    }

    /// `open` for a file that must be a Lottie animation.
    public static func open(
        _ path: String, strict: Bool = false, animation id: String? = nil, assetRoot: String? = nil, expressions: Bool = true,
        slots: LottieSlots = LottieSlots(), theme: String? = nil
    ) throws(LottieError) -> LottieAnimation {
        // Never nil: only `jsonMayBeOther` gives nil.
        guard let animation = try open(
            path, strict: strict, animation: id, assetRoot: assetRoot, jsonMayBeOther: false, expressions: expressions, slots: slots, theme: theme
        ) else {
            throw LottieError(file: path, message: "not a Lottie animation")
        }
        return animation
    }
}

/// dotLottie archives: a zip holding `manifest.json` (`{"animations": [{"id": …}, …]}`), each
/// animation as `animations/ID.json` (version 1) or `a/ID.json` (version 2), and their images
/// (`images/…`, `i/…`).
enum DotLottie {
    /// The JSON of animation `id` (the manifest's first when nil), the name messages give it, and
    /// its images: the archive's entries, nothing from disk.
    static func animation(
        in data: Data, id: String?, path: String, theme: String? = nil
    ) throws(ArchiveError) -> (json: Data, file: String, images: LottieAssets, slots: LottieSlots) {
        let archive = try ZipArchive(data)
        guard let manifestEntry = archive.entry(named: "manifest.json") else {
            throw ArchiveError("not a dotLottie file: the archive has no manifest.json")
        }
        let manifest = try archive.contents(of: manifestEntry, limit: 1 << 20)
        guard let object = (try? JSONSerialization.jsonObject(with: manifest)) as? [String: Any],
              let animations = object["animations"] as? [[String: Any]] else {
            throw ArchiveError("manifest.json: needs an \"animations\" list of objects with an \"id\"")
        }
        let ids = animations.compactMap { $0["id"] as? String }
        guard let chosen = id ?? ids.first else { throw ArchiveError("manifest.json lists no animations") }
        guard ids.contains(chosen) else {
            throw ArchiveError("--animation \(chosen): the manifest lists \(ids.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        // A theme (dotLottie 2.0): listed in the manifest, its rules in t/ID.json.
        var slots = LottieSlots()
        if let theme {
            let themes = (object["themes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            guard themes.contains(theme) else {
                throw ArchiveError("--theme \(theme): the manifest lists \(themes.isEmpty ? "no themes" : themes.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            guard let entry = archive.entry(named: "t/\(theme).json") ?? archive.entry(named: "themes/\(theme).json") else {
                throw ArchiveError("the manifest names theme \"\(theme)\" but the archive has no t/\(theme).json")
            }
            do {
                slots = try LottieSlots.theme(try archive.contents(of: entry, limit: 1 << 24), name: "\(path)/t/\(theme).json", animation: chosen)
            } catch let problem as LottieError {
                throw ArchiveError(problem.description)
            } catch {
                throw ArchiveError("\(error)")
            }
        }
        for name in ["animations/\(chosen).json", "a/\(chosen).json"] {
            if let entry = archive.entry(named: name) {
                let images = LottieAssets.archive { name throws(ArchiveError) in
                    try archive.entry(named: name).map { entry throws(ArchiveError) in try archive.contents(of: entry, limit: LottieAnimation.maximumFileSize) }
                }
                return (try archive.contents(of: entry, limit: LottieAnimation.maximumFileSize), "\(path)/\(name)", images, slots)
            }
        }
        throw ArchiveError("the manifest names \"\(chosen)\" but the archive has no animations/\(chosen).json")
    }
}
