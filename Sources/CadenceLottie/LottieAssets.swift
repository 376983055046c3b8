import Foundation

/// Where a Lottie file's image files — an image asset's folder `u` and name `p` — may be read from.
///
/// A Lottie file is untrusted: an asset naming `../../photos/me.png`, an absolute path or a
/// symbolic link beside the file would otherwise draw any image the user can read into the
/// output. A file is read only when its path, `..` taken lexically and then symbolic links
/// followed (`realpath`), lies inside the allowed folder. Anything else, and any URL (`http:`,
/// `file:`, …: never fetched or opened), is left out with a warning naming the asset and its
/// path; layers showing it draw nothing, the rest of the file renders. Images embedded as
/// `data:` URIs are always read.
///
/// ```swift
/// let animation = try LottieAnimation(contentsOf: "uploads/42/anim.json")          // uploads/42/ only
/// let shared = try LottieAnimation(contentsOf: "site/a/anim.json", assetRoot: "site")  // site/ and below
/// ```
public enum LottieAssets: Sendable {
    /// Files inside the Lottie file's own folder (made absolute), named relative to it: the default.
    case besideFile
    /// Files anywhere inside `folder` (relative to the working directory when not absolute):
    /// relative names still start at the Lottie file's folder, and absolute ones are allowed
    /// when inside `folder` (`cadence render --assets DIR`).
    case folder(String)
    /// Entries of the archive the file was read from (a dotLottie), nothing from disk: `entry`
    /// gives an entry's bytes by its name in the archive, nil when it has none, and throws when
    /// the entry cannot be read. `u` + `p` names the entry (a leading `/` is the archive's root);
    /// `images/p` and `i/p` (dotLottie 1 and 2) are tried after it.
    case archive(entry: @Sendable (String) throws -> Data?)

    /// Why an image asset's file is left out, as the end of a sentence naming the asset.
    struct Refusal: Error {
        var reason: String
        /// The feature the warning is filed under.
        var feature = LottieAnimation.refusedImagesFeature
    }

    /// The source an image asset's pixels are read from: `p` itself when it is a `data:` URI,
    /// else the checked file's real path (or the archive entry as a `data:` URI); `file` is the
    /// Lottie file as it was named.
    func source(folder: String, name: String, file: String) -> Result<String, Refusal> {
        if name.hasPrefix("data:") { return .success(name) }
        for part in [folder, name] {
            if let scheme = Self.scheme(of: part) {
                return .failure(Refusal(reason: "is a URL (\(scheme):), and Cadence never fetches or opens one"))
            }
        }
        let path = folder + name
        guard !path.isEmpty, !path.contains("\0") else { return .failure(Refusal(reason: "is not a file name")) }
        switch self {
        case .besideFile:
            guard !path.hasPrefix("/") else {
                return .failure(Refusal(reason: "is an absolute path; files are read only from the Lottie file's folder (an asset folder, --assets, allows another)"))
            }
            let base = Self.fileFolder(file)
            guard let inside = Self.normalized(Self.components(path)) else {
                return .failure(Refusal(reason: "climbs out of the Lottie file's folder \(Self.joined(base)) with .. (an asset folder, --assets, allows a wider one)"))
            }
            guard !inside.isEmpty else { return .failure(Refusal(reason: "is not a file name")) }
            return Self.checked(base + inside, root: base)
        case .folder(let root):
            let base = path.hasPrefix("/") ? [] : Self.fileFolder(file)
            let candidate = Self.normalized(base + Self.components(path), clamped: true) ?? []
            let allowed = Self.folderComponents(Self.absolute(root))
            guard candidate.count > allowed.count, candidate.starts(with: allowed) else {
                return .failure(Refusal(reason: "lies outside the asset folder \(Self.joined(allowed)), at \(Self.joined(candidate))"))
            }
            return Self.checked(candidate, root: allowed)
        case .archive(let entry):
            guard let inside = Self.normalized(Self.components(path)), !inside.isEmpty else {
                return .failure(Refusal(reason: "climbs out of the dotLottie archive with .."))
            }
            let base = Self.normalized(Self.components(name)) ?? []
            let names = [inside.joined(separator: "/")] + (base.isEmpty ? [] : ["images/", "i/"].map { $0 + base.joined(separator: "/") })
            for candidate in names {
                let data: Data?
                do {
                    data = try entry(candidate)
                } catch {
                    return .failure(Refusal(reason: "cannot be read from the dotLottie archive (\(error))", feature: LottieAnimation.missingImagesFeature))
                }
                guard let data else { continue }
                let type = data.starts(with: [0xFF, 0xD8, 0xFF]) ? "image/jpeg" : "image/png"
                return .success("data:\(type);base64,\(data.base64EncodedString())")
            }
            return .failure(Refusal(reason: "is not in the dotLottie archive", feature: LottieAnimation.missingImagesFeature))
        }
    }

    /// `candidate` (absolute, lexically inside `root`) once symbolic links are followed: its real
    /// path when that is inside `root`'s real path; as it is when it does not exist (the image
    /// reader then says so).
    private static func checked(_ candidate: [Substring], root: [Substring]) -> Result<String, Refusal> {
        let path = joined(candidate)
        guard let realRoot = realPath(joined(root)) else {
            return .failure(Refusal(reason: "is in \(joined(root)), which cannot be resolved"))
        }
        guard let real = realPath(path) else { return .success(path) }
        guard real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
            return .failure(Refusal(reason: "resolves through a symbolic link to \(real), outside \(realRoot)"))
        }
        return .success(real)
    }

    /// `path` with every symbolic link followed, or nil when it cannot be resolved.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The URL scheme `text` starts with (`http` of `http://…`), or nil when it starts with none.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return String(scheme)
    }

    /// `path` made absolute against the working directory.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The folder of the Lottie file `file`, absolute and without `.` or `..` (`folderComponents`).
    private static func fileFolder(_ file: String) -> [Substring] {
        let path = absolute(file)
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return folderComponents(folder.isEmpty ? "/" : String(folder))
    }

    /// The absolute `folder`'s components: its real path (so a `..` after a link goes where the
    /// system goes), or `.` and `..` taken lexically when it cannot be resolved.
    private static func folderComponents(_ folder: String) -> [Substring] {
        if let real = realPath(folder) { return components(real) }
        return normalized(components(folder), clamped: true) ?? []
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// `components` without `.`, each `..` taking back the one before it; nil when a `..` climbs
    /// above the first, unless `clamped` (above `/` is `/`).
    static func normalized(_ components: [Substring], clamped: Bool = false) -> [Substring]? {
        var result: [Substring] = []
        for component in components where component != "." {
            guard component == ".." else { result.append(component); continue }
            guard !result.isEmpty else {
                if clamped { continue }
                return nil
            }
            result.removeLast()
        }
        return result
    }

    private static func joined(_ components: [Substring]) -> String {
        "/" + components.joined(separator: "/")
    }
}
