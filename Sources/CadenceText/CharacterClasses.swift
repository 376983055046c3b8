/// The few Unicode facts line breaking needs (a subset of UAX #14 for Latin and CJK text).
enum CharacterClasses {
    /// Ideographs, kana, hangul and CJK punctuation: a line may break before or after them.
    static func isCJK(_ v: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }

    /// Marks that must not start a line: closing brackets and quotes, stops, commas, ellipses.
    static let closing: Set<UInt32> = Set("，。、：；！？）」』】〉》〕］｝”’…‥%,.!?:;)]}\u{FF09}".unicodeScalars.map(\.value))

    /// Marks that must not end a line: opening brackets and quotes.
    static let opening: Set<UInt32> = Set("（「『【〈《〔［｛“‘([{".unicodeScalars.map(\.value))

    static func isSpace(_ v: UInt32) -> Bool { v == 0x20 || v == 0x3000 || v == 0x09 }

    /// Combining marks and joiners stay with the character before them.
    static func isAttaching(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms).
    static func isRightToLeft(_ v: UInt32) -> Bool {
        (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
    }

    /// Letters that set a direction; digits, spaces and punctuation take their neighbours'.
    static func isStrong(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic
    }

    /// Whether a line may break between `before` and `after` (scalar values).
    static func canBreak(between before: UInt32, and after: UInt32) -> Bool {
        if closing.contains(after) || opening.contains(before) { return false }
        if isSpace(before) { return true }
        if isCJK(before) || isCJK(after) { return true }
        if before == 0x2D || before == 0x2010 { return !isSpace(after) }  // after a hyphen
        return false
    }
}
