import CFreeType
import CadenceDraw

/// A glyph as the renderers cache it: face, glyph index, and subpixel position (0 ..<
/// `FontLibrary.subpixelBuckets` quarters of a pixel).
public struct GlyphKey: Sendable, Hashable {
    /// The face.
    public let font: GlyphFont
    /// The glyph's index in the face.
    public let glyph: UInt32
    /// Which quarter of a pixel the pen position is past a whole pixel.
    public let subpixel: Int

    /// The key of `glyph` in `font` at `subpixel`.
    public init(font: GlyphFont, glyph: UInt32, subpixel: Int) {
        self.font = font
        self.glyph = glyph
        self.subpixel = subpixel
    }
}

/// A glyph's coverage: one byte a pixel, rows top first, placed by `left`/`top` from the pen
/// position on the baseline (top counts upwards, as FreeType's `bitmap_top`).
public struct GlyphBitmap: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    public var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    public var top: Int
    /// Coverage, one byte a pixel (0 ... 255), rows top first.
    public var pixels: [UInt8]
}

extension FontLibrary {
    /// Quarter-pixel horizontal positions: a glyph is rasterised for the bucket its x falls in.
    public static let subpixelBuckets = 4

    /// Rasterises `glyph` of `font` shifted right by `subpixel` / 4 pixel, anti-aliased (8-bit
    /// coverage, light hinting). Embedded bitmaps are skipped so every size looks alike.
    public func rasterize(_ glyph: UInt32, font: GlyphFont, subpixel: Int) throws(TextError) -> GlyphBitmap {
        try locked { () throws(TextError) -> GlyphBitmap in
            let face = try loadedFace(font).face
            let flags = Int32(FT_LOAD_NO_BITMAP) | Int32(FT_LOAD_TARGET_LIGHT_VALUE)
            guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else {
                return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, pixels: [])
            }
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                FT_Outline_Translate(&slot.pointee.outline, FT_Pos(subpixel * 64 / Self.subpixelBuckets), 0)
            }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else {
                return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, pixels: [])
            }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width)
            let height = Int(bitmap.rows)
            var pixels = [UInt8](repeating: 0, count: width * height)
            if let buffer = bitmap.buffer, width > 0 {
                let pitch = Int(bitmap.pitch)
                for row in 0..<height {
                    let source = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
                    for column in 0..<width { pixels[row * width + column] = buffer[source + column] }
                }
            }
            return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), pixels: pixels)
        }
    }
}

/// FreeType's FT_LOAD_TARGET_LIGHT is a function-like macro; this is its value.
private let FT_LOAD_TARGET_LIGHT_VALUE = (Int(FT_RENDER_MODE_LIGHT.rawValue) & 15) << 16
