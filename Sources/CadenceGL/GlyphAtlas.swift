import CGL
import CadenceDraw
import CadenceText

/// Rasterised glyphs packed into single-channel textures ("pages") by shelves.
///
/// Glyphs are cached by face, size, glyph id and quarter-pixel bucket. A new glyph is drawn into
/// the page's CPU copy and the page remembers the rectangle that changed; `upload()` sends each
/// dirty rectangle once before drawing. A full page starts another, so memory grows with the
/// number of distinct glyphs, never with the length of the text.
@MainActor
final class GlyphAtlas {
    static let pageSize = 1024

    typealias Key = GlyphKey

    /// Where a glyph is: its page, its rectangle there, and its offset from the pen position.
    struct Entry {
        let page: Int
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let left: Int
        let top: Int
    }

    final class Page {
        var texture: GLuint = 0
        var pixels = [UInt8](repeating: 0, count: GlyphAtlas.pageSize * GlyphAtlas.pageSize)
        var shelves: [(y: Int, height: Int, x: Int)] = []
        var dirty: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

        func mark(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
            let old = dirty ?? (x, y, x + width, y + height)
            dirty = (min(old.minX, x), min(old.minY, y), max(old.maxX, x + width), max(old.maxY, y + height))
        }
    }

    private let fonts: FontLibrary
    private(set) var pages: [Page] = []
    private var entries: [Key: Entry] = [:]
    /// Glyphs rasterised so far (cache misses).
    private(set) var rasterisedCount = 0

    init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    isolated deinit {
        for page in pages { glDeleteTextures(1, &page.texture) }
    }

    /// The glyph's place in the atlas, rasterising and packing it on first use.
    func entry(for key: Key) throws(TextError) -> Entry {
        if let entry = entries[key] { return entry }
        let bitmap = try fonts.rasterize(key.glyph, font: key.font, subpixel: key.subpixel)
        rasterisedCount += 1
        let entry = place(bitmap)
        entries[key] = entry
        return entry
    }

    private func place(_ bitmap: GlyphBitmap) -> Entry {
        let width = min(bitmap.width, Self.pageSize - 2)
        let height = min(bitmap.height, Self.pageSize - 2)
        guard width > 0, height > 0 else {
            return Entry(page: 0, x: 0, y: 0, width: 0, height: 0, left: bitmap.left, top: bitmap.top)
        }
        let (pageIndex, x, y) = allocate(width: width + 1, height: height + 1)
        let page = pages[pageIndex]
        for row in 0..<height {
            let target = (y + row) * Self.pageSize + x
            let source = row * bitmap.width
            for column in 0..<width { page.pixels[target + column] = bitmap.pixels[source + column] }
        }
        page.mark(x, y, width, height)
        return Entry(page: pageIndex, x: x, y: y, width: width, height: height, left: bitmap.left, top: bitmap.top)
    }

    /// A free rectangle (with a pixel of gap right and below), on a shelf of a close height.
    private func allocate(width: Int, height: Int) -> (page: Int, x: Int, y: Int) {
        for (index, page) in pages.enumerated() {
            for (number, shelf) in page.shelves.enumerated()
            where shelf.height >= height && shelf.height <= height + height / 2 + 2 && shelf.x + width <= Self.pageSize {
                page.shelves[number].x += width
                return (index, shelf.x, shelf.y)
            }
            let bottom = page.shelves.last.map { $0.y + $0.height } ?? 0
            if bottom + height <= Self.pageSize {
                page.shelves.append((bottom, height, width))
                return (index, 0, bottom)
            }
        }
        let page = Page()
        glGenTextures(1, &page.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), page.texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(Self.pageSize), GLsizei(Self.pageSize), 0,
                     GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        page.mark(0, 0, Self.pageSize, Self.pageSize)  // the first upload clears the whole page
        pages.append(page)
        page.shelves.append((0, height, width))
        return (pages.count - 1, 0, 0)
    }

    /// Sends every page's changed rectangle to its texture.
    func upload() {
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(Self.pageSize))
        for page in pages {
            guard let dirty = page.dirty else { continue }
            glBindTexture(GLenum(GL_TEXTURE_2D), page.texture)
            page.pixels.withUnsafeBufferPointer { pixels in
                let start = dirty.minY * Self.pageSize + dirty.minX
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(dirty.minX), GLint(dirty.minY),
                                GLsizei(dirty.maxX - dirty.minX), GLsizei(dirty.maxY - dirty.minY),
                                GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress! + start)
            }
            page.dirty = nil
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }
}
