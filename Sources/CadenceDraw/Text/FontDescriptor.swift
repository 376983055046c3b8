/// A font as people write it: family, optional weight and style words, and a pixel size.
///
/// `"DejaVu Sans 18"`, `"DejaVu Sans Bold 24"`, `"WenQuanYi Micro Hei 16"`, or a font file:
/// `"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf 14"`.
public struct FontDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// A weight, on fontconfig's scale.
    public enum Weight: Int, Sendable, Hashable, CaseIterable {
        // fontconfig's weight scale.
        case thin = 0, light = 50, regular = 80, medium = 100, semibold = 180, bold = 200, heavy = 210
    }

    /// The weight and slant a style name says ("Bold Italic", "Light", "SemiBold" …), as Lottie
    /// files and font files name their styles.
    public static func weightAndSlant(ofStyle style: String) -> (weight: Weight, italic: Bool) {
        let style = style.lowercased()
        let weight: Weight =
            style.contains("semibold") || style.contains("semi bold") || style.contains("demi") ? .semibold
            : style.contains("extrabold") || style.contains("black") || style.contains("heavy") ? .heavy
            : style.contains("bold") ? .bold
            : style.contains("medium") ? .medium
            : style.contains("thin") || style.contains("hairline") ? .thin
            : style.contains("light") ? .light : .regular
        return (weight, style.contains("italic") || style.contains("oblique"))
    }

    /// A fontconfig family name, or the path of a font file.
    public var family: String
    /// The weight: regular unless the description names another.
    public var weight: Weight
    /// Whether the italic (or oblique) style is wanted.
    public var italic: Bool
    /// Pixels per em, above 0 and at most 1000.
    public var size: Double

    /// A font of `family` at `size` pixels per em; throws for an empty family or a size outside 0 ... 1000.
    public init(family: String, size: Double, weight: Weight = .regular, italic: Bool = false) throws(TextError) {
        guard size.isFinite, size > 0, size <= 1000 else { throw .invalidFontSize(size) }
        guard !family.isEmpty else { throw .invalidFont("empty family name") }
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    private static let weightWords: [String: Weight] = [
        "thin": .thin, "light": .light, "regular": .regular, "book": .regular, "medium": .medium,
        "semibold": .semibold, "demibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .heavy,
    ]

    /// Parses `"Family [Weight] [Italic] SIZE"`.
    public init(parsing text: String) throws(TextError) {
        var words = text.split(separator: " ").map(String.init)
        guard let last = words.popLast(), let size = Double(last) else {
            throw .invalidFont("'\(text)' must end with a size in pixels, as in \"DejaVu Sans 18\"")
        }
        var weight = Weight.regular
        var italic = false
        while let word = words.last?.lowercased() {
            if let found = Self.weightWords[word] {
                weight = found
            } else if word == "italic" || word == "oblique" {
                italic = true
            } else {
                break
            }
            words.removeLast()
        }
        try self.init(family: words.joined(separator: " "), size: size, weight: weight, italic: italic)
    }

    /// UIKit's 17-point system size, in DejaVu Sans: the font of text that names none.
    public static let system = try! FontDescriptor(family: "DejaVu Sans", size: 17)

    /// True when `family` names a font file rather than a family.
    public var isFile: Bool { family.contains("/") }

    public var description: String {
        var words = [family]
        if weight != .regular {
            let name = String(describing: weight)
            words.append(name.prefix(1).uppercased() + name.dropFirst())
        }
        if italic { words.append("Italic") }
        let size = size == size.rounded() ? String(Int(size)) : String(size)
        return (words + [size]).joined(separator: " ")
    }
}

/// Text problems, each naming the font, file or value.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A size that is not a finite number above 0 and at most 1000.
    case invalidFontSize(Double)
    /// A font description that cannot be read, with the reason.
    case invalidFont(String)
    /// FreeType could not open the font file.
    case fontFileFailed(path: String, code: Int32)
    /// The font path is not a regular file that can be read (a folder, FIFO, device, missing).
    case fontFileUnreadable(path: String, reason: String)
    /// fontconfig found no font for the description.
    case noFontFound(String)

    public var description: String {
        switch self {
        case .invalidFontSize(let size): "font size must be above 0 and at most 1000 pixels, got \(size)"
        case .invalidFont(let message): "font: \(message)"
        case .fontFileFailed(let path, let code): "cannot load font file \(path) (FreeType error \(code))"
        case .fontFileUnreadable(let path, let reason): "cannot load font file \(path): it \(reason)"
        case .noFontFound(let family): "no font found for '\(family)' (is fontconfig set up? apt-get install fonts-dejavu-core)"
        }
    }
}
