import CadenceDraw
import CadenceEngine
import CadenceScene
import Testing

/// Contact sheets: tiles, gaps and labels add up to the sheet's size; bad options are errors.
@MainActor
@Suite struct ContactSheetTests {
    @Test(arguments: [(times: 1, columns: 3, width: 116, height: 90), (times: 4, columns: 3, width: 332, height: 172),
                      (times: 6, columns: 2, width: 224, height: 254)])
    func sheetSizeFollowsTilesAndColumns(times: Int, columns: Int, width: Int, height: Int) throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let sheet = try ContactSheet.render(
            scene: scene, times: (0..<times).map { Double($0) / 4 }, columns: columns, tile: Size(width: 100, height: 50)
        )
        #expect(sheet.width == width)
        #expect(sheet.height == height)
    }

    @Test func tilesShowTheFramesTheRendererMakes() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let sheet = try ContactSheet.render(scene: scene, times: [0.5], columns: 1, tile: Size(width: 40, height: 20))
        let frame = try OffscreenRenderer(sizeOf: scene).render(scene, at: 0.5)
        // The tile sits 8 pixels in from the sheet's corner.
        for (x, y) in [(5, 5), (15, 5), (30, 15)] {
            #expect(sheet[x + 8, y + 8] == frame[x, y])
        }
    }

    @Test func badOptionsAreErrors() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        #expect(throws: EngineError.invalidOption(name: "times", message: "needs at least one time")) {
            try ContactSheet.render(scene: scene, times: [], columns: 1, tile: Size(width: 10, height: 10))
        }
        #expect(throws: EngineError.self) { try ContactSheet.render(scene: scene, times: [0], columns: 0, tile: Size(width: 10, height: 10)) }
        #expect(throws: EngineError.self) { try ContactSheet.render(scene: scene, times: [-1], columns: 1, tile: Size(width: 10, height: 10)) }
    }
}
