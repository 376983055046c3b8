import CFontconfig
import CFreeType
import CHarfBuzz
// The text model (FontDescriptor, AttributedText, TextLayout…) lives in CadenceDraw, beside the
// TextLayoutEngine protocol this library conforms to; `import CadenceText` still gives it.
@_exported import CadenceDraw
import CadenceFiles
import Foundation

/// Fonts found through fontconfig, loaded with FreeType, shaped with HarfBuzz.
///
/// FreeType's library object is not thread-safe, so every FreeType and HarfBuzz call made through
/// the library happens under its lock; that is what makes the `@unchecked Sendable` true. Faces
/// are loaded once per file and size and kept for the life of the library.
public final class FontLibrary: @unchecked Sendable {
    /// The library most code uses.
    public static let shared = FontLibrary()

    private let lock = NSLock()
    private var freetype: FT_Library?
    private var faces: [GlyphFont: LoadedFace] = [:]
    private var resolved: [FontDescriptor: GlyphFont] = [:]
    private var fallbacks: [FallbackKey: GlyphFont?] = [:]
    private var fallbackFaces: [GlyphFont] = []
    private var warned: Set<String> = []
    /// Fonts given as bytes (a Lottie file's embedded fonts), by the key their `GlyphFont.path`
    /// holds, and the families they answer for: looked up before fontconfig.
    private var memoryFonts: [String: UnsafeMutableRawBufferPointer] = [:]
    private var embeddedFamilies: [String: [(weight: FontDescriptor.Weight, italic: Bool, key: String)]] = [:]
    /// The prefix of an embedded font's key.
    public static let embeddedPrefix = "embedded font "
    /// The most bytes one embedded font may have.
    public static let maximumEmbeddedFontSize = 32 << 20
    var layoutCache = TextCache<LayoutKey, TextLayout>()
    var simpleGlyphs: [SimpleGlyphKey: (glyph: UInt32, advance: Double)] = [:]
    /// How many times a digit or other simple character had to be looked up rather than taken
    /// from the cache (for tests and benchmarks).
    public internal(set) var simpleShapeMisses = 0
    /// How many texts were shaped rather than taken from the cache (for tests and benchmarks).
    public internal(set) var shapedTextCount = 0
    /// Shaped texts, by text (fonts resolved the same way while the library lives).
    var shapeCache = TextCache<AttributedText, ShapedText>()
    /// Entries each cache holds before it is emptied.
    static let layoutCacheLimit = 512
    /// Characters each cache holds before it is emptied (4 Mi): a layout of 1 MiB of text takes
    /// about 150 MB, and an animated width lays it out anew each frame.
    static let cachedCharacterLimit = 1 << 22
    private var pendingWarnings: [String] = []

    /// A FreeType face at one pixel size, with its HarfBuzz font.
    final class LoadedFace {
        let face: FT_Face
        let font: OpaquePointer
        let metrics: FontMetrics

        init(face: FT_Face, font: OpaquePointer, metrics: FontMetrics) {
            self.face = face
            self.font = font
            self.metrics = metrics
        }
    }

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let weight: FontDescriptor.Weight
        let italic: Bool
        let size: Double
    }

    /// A library of its own: faces, shaping and layout caches not shared with `shared`.
    public init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0 { freetype = library }
    }

    deinit {
        for face in faces.values {
            hb_font_destroy(face.font)
            FT_Done_Face(face.face)
        }
        if let freetype { FT_Done_FreeType(freetype) }
        for buffer in memoryFonts.values { buffer.deallocate() }
    }

    /// Runs `body` under the library's lock. The lock is not recursive: code that runs with it
    /// held (everything taking a loaded face) calls the unlocked forms (`resolve`, `loadedFace`).
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Called with each warning (a missing family, a font fallback) as it first happens, besides
    /// keeping it for `takeWarnings()`: `FontLibrary.shared.onWarning = { print("warning:", $0) }`.
    /// It runs on the thread that laid the text out, with the library locked: it must not call
    /// back into the library.
    public var onWarning: (@Sendable (String) -> Void)? {
        get { locked { warningHandler } }
        set { locked { warningHandler = newValue } }
    }
    private var warningHandler: (@Sendable (String) -> Void)?

    /// Warnings (a missing family, a font fallback) not yet taken, each given once per library.
    public func takeWarnings() -> [String] {
        locked {
            defer { pendingWarnings.removeAll() }
            return pendingWarnings
        }
    }

    private func warnOnce(_ message: String) {
        if warned.insert(message).inserted {
            pendingWarnings.append(message)
            warningHandler?(message)
        }
    }

    // MARK: Resolving

    /// The face file and size for `descriptor`. A family that is not installed falls back to
    /// fontconfig's best match, with one warning.
    public func font(for descriptor: FontDescriptor) throws(TextError) -> GlyphFont {
        try locked { () throws(TextError) -> GlyphFont in try resolve(descriptor) }
    }

    /// `font(for:)` with the lock already held.
    func resolve(_ descriptor: FontDescriptor) throws(TextError) -> GlyphFont {
        if let font = resolved[descriptor] { return font }
        let font: GlyphFont
        if descriptor.isFile {
            font = GlyphFont(path: descriptor.family, faceIndex: 0, pixelSize: descriptor.size)
        } else if let faces = embeddedFamilies[descriptor.family.lowercased()], !faces.isEmpty {
            // An embedded face of the family: the nearest weight, the slant preferred.
            let best = faces.min { a, b in
                func cost(_ face: (weight: FontDescriptor.Weight, italic: Bool, key: String)) -> Int {
                    abs(face.weight.rawValue - descriptor.weight.rawValue) + (face.italic == descriptor.italic ? 0 : 1000)
                }
                return cost(a) < cost(b)
            }!
            font = GlyphFont(path: best.key, faceIndex: 0, pixelSize: descriptor.size)
        } else {
            guard let match = Self.match(descriptor, scalar: nil) else { throw .noFontFound(descriptor.family) }
            if match.family.lowercased() != descriptor.family.lowercased() {
                warnOnce("font family '\(descriptor.family)' is not installed; using '\(match.family)'")
            }
            font = GlyphFont(path: match.path, faceIndex: match.index, pixelSize: descriptor.size)
        }
        _ = try loadedFace(font)
        resolved[descriptor] = font
        return font
    }

    /// A face like `descriptor`'s that has `scalar`, for characters the primary face lacks
    /// (Chinese inside a Latin font, and the reverse); nil when no installed font has it.
    func fallback(for scalar: Unicode.Scalar, like descriptor: FontDescriptor) -> GlyphFont? {
        let key = FallbackKey(scalar: scalar.value, weight: descriptor.weight, italic: descriptor.italic, size: descriptor.size)
        if let cached = fallbacks[key] { return cached }
        // A fallback already in use usually covers its neighbours too (the rest of the Chinese
        // text, say): try those faces before asking fontconfig, which is far slower.
        for font in fallbackFaces where font.pixelSize == descriptor.size {
            if let face = faces[font], FT_Get_Char_Index(face.face, FT_ULong(scalar.value)) != 0 {
                fallbacks[key] = font
                return font
            }
        }
        var found: GlyphFont?
        if let match = Self.match(descriptor, scalar: scalar) {
            let font = GlyphFont(path: match.path, faceIndex: match.index, pixelSize: descriptor.size)
            if let face = try? loadedFace(font), FT_Get_Char_Index(face.face, FT_ULong(scalar.value)) != 0 {
                found = font
            }
        }
        fallbacks[key] = found
        if let found, !fallbackFaces.contains(found) { fallbackFaces.append(found) }
        return found
    }

    /// fontconfig's best match for the descriptor, covering `scalar` when given.
    private static func match(_ descriptor: FontDescriptor, scalar: Unicode.Scalar?) -> (path: String, index: Int, family: String)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = descriptor.family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(descriptor.weight.rawValue))
        FcPatternAddInteger(pattern, FC_SLANT, descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        var charset: OpaquePointer?
        if let scalar {
            charset = FcCharSetCreate()
            FcCharSetAddChar(charset, FcChar32(scalar.value))
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        FcPatternGetString(match, FC_FAMILY, 0, &family)
        FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index), family.map { String(cString: $0) } ?? "")
    }

    // MARK: Faces

    /// The loaded face for `font`; the lock must be held.
    func loadedFace(_ font: GlyphFont) throws(TextError) -> LoadedFace {
        if let face = faces[font] { return face }
        var face: FT_Face?
        let error: FT_Error
        if let bytes = memoryFonts[font.path] {
            error = FT_New_Memory_Face(freetype, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(font.faceIndex), &face)
        } else {
            // FreeType would open a FIFO and wait on it for ever, or read a device without end.
            do throws(FileProblem) {
                try FilePaths.checkInput(font.path)
            } catch {
                throw .fontFileUnreadable(path: font.path, reason: error.reason)
            }
            error = FT_New_Face(freetype, font.path, FT_Long(font.faceIndex), &face)
        }
        guard error == 0, let face else { throw .fontFileFailed(path: font.path, code: error) }
        FT_Set_Char_Size(face, 0, FT_F26Dot6((font.pixelSize * 64).rounded()), 72, 72)
        guard let hbFont = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            throw .fontFileFailed(path: font.path, code: -1)
        }
        let size = face.pointee.size.pointee.metrics
        let metrics = FontMetrics(
            ascent: Double(size.ascender) / 64,
            descent: -Double(size.descender) / 64,
            lineHeight: Double(size.height) / 64
        )
        let loaded = LoadedFace(face: face, font: hbFont, metrics: metrics)
        faces[font] = loaded
        return loaded
    }

    /// Registers a font given as bytes (TrueType, OpenType, WOFF where FreeType reads it) as its
    /// family in its style ("Bold Italic", "Light" …): text in that family is set in it before
    /// fontconfig is asked. The same font registers once. Returns false (nothing registered) for
    /// bytes FreeType cannot read as a face, or more than `maximumEmbeddedFontSize`.
    @discardableResult
    public func register(_ font: EmbeddedFont) -> Bool {
        let bytes = font.bytes, family = font.family
        guard !bytes.isEmpty, bytes.count <= Self.maximumEmbeddedFontSize, !family.isEmpty else { return false }
        let key = Self.embeddedPrefix + font.id
        if locked({ memoryFonts[key] != nil }) { return true }
        let (weight, italic) = FontDescriptor.weightAndSlant(ofStyle: font.style)
        return locked { () -> Bool in
            if memoryFonts[key] != nil { return true }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
            buffer.copyBytes(from: bytes)
            // Checked now, so that a bad font is refused here rather than when text is set.
            var face: FT_Face?
            guard FT_New_Memory_Face(freetype, buffer.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &face) == 0,
                  let face else {
                buffer.deallocate()
                return false
            }
            FT_Done_Face(face)
            memoryFonts[key] = buffer
            embeddedFamilies[family.lowercased(), default: []].append((weight, italic, key))
            // Descriptors resolved before now may have fallen back: resolve and shape them again.
            resolved.removeAll()
            layoutCache = TextCache()
            shapeCache = TextCache()
            simpleGlyphs.removeAll()
            return true
        }
    }

    /// Ascent, descent and line height of `font`.
    public func metrics(of font: GlyphFont) throws(TextError) -> FontMetrics {
        try locked { () throws(TextError) -> FontMetrics in try loadedFace(font).metrics }
    }
}

/// Vertical metrics of a face at its size, in pixels (descent positive, below the baseline).
public struct FontMetrics: Sendable, Hashable {
    /// Pixels from the baseline up to the tallest glyphs.
    public var ascent: Double
    /// Pixels from the baseline down to the lowest glyphs (positive).
    public var descent: Double
    /// The face's line spacing in pixels.
    public var lineHeight: Double
}
