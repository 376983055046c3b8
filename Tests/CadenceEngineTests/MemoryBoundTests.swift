@testable import CadenceEngine
import Testing

/// Issue 27, class 9: what holds memory in proportion to the input has a bound.
@Suite @MainActor struct MemoryBoundTests {
    @Test func longGIFsGetAPalettePerFrame() {
        func filter(_ frames: Int?) -> String {
            let arguments = FFmpegFileSink.arguments(format: .gif, width: 640, height: 360, fps: 60, frameCount: frames, output: "x.gif")
            return arguments[arguments.firstIndex(of: "-filter_complex")! + 1]
        }
        // ffmpeg holds every frame to make one palette: 2 s at 60 fps fits, 60 s does not.
        #expect(filter(120) == "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse")
        #expect(filter(3600).contains("stats_mode=single"))
        #expect(filter(3600).contains("paletteuse=new=1"))
        #expect(filter(nil).contains("stats_mode=single"))
        #expect(filter(Int.max).contains("stats_mode=single"))
    }
}
