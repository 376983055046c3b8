import CFontconfig
import CFreeType
import CGL
import CGLFW
import CHarfBuzz
import CPNG
import Testing

/// Each system library resolves through pkg-config, links, and answers with its version.
@Suite struct SystemLibraryTests {
    @Test func glfwIsVersion3() {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        glfwGetVersion(&major, &minor, &revision)
        #expect(major == 3 && minor >= 3)
    }

    @Test func freeTypeInitialises() {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        #expect(major == 2)
        FT_Done_FreeType(library)
    }

    @Test func harfBuzzAnswers() {
        #expect(hb_version_atleast(2, 0, 0) != 0)
    }

    @Test func fontconfigFindsDejaVuSans() throws {
        let config = try #require(FcInitLoadConfigAndFonts())
        defer { FcConfigDestroy(config) }
        let pattern = try #require(FcNameParse("DejaVu Sans"))
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        let match = try #require(FcFontMatch(config, pattern, &result))
        defer { FcPatternDestroy(match) }
        var family: UnsafeMutablePointer<FcChar8>?
        #expect(FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch)
        #expect(family.map { String(cString: $0) } == "DejaVu Sans")
    }

    @Test func libpngIs16() {
        #expect(png_access_version_number() >= 10600)
    }

    @Test func eglHasClientExtensions() {
        let extensions = eglQueryString(cadence_EGL_NO_DISPLAY(), EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        #expect(extensions.contains("EGL_EXT_platform_base"))
    }
}
