import CadenceEngine
import Testing

/// The demo window's playhead: Space, the arrows and the digits move the scene time shown.
@Suite struct PlayheadTests {
    @Test func playsWithTheLinkAndPausesWhereItIs() {
        var playhead = Playhead()
        #expect(playhead.sceneTime(atLink: 1.5) == 1.5)
        playhead.togglePlaying(atLink: 2)
        #expect(!playhead.isPlaying)
        #expect(playhead.sceneTime(atLink: 9) == 2)
        playhead.togglePlaying(atLink: 10)
        #expect(playhead.sceneTime(atLink: 10.5) == 2.5)
    }

    @Test func stepsOneFrameOnWholeFramesAndNeverBeforeZero() {
        var playhead = Playhead(framesPerSecond: 30)
        playhead.step(1, atLink: 1.01)  // shown: 1.01 s, frame 30
        #expect(!playhead.isPlaying)
        #expect(playhead.sceneTime(atLink: 5) == 31.0 / 30)
        #expect(playhead.frame(atLink: 5) == 31)
        playhead.step(-1, atLink: 6)
        playhead.step(-1, atLink: 6)
        #expect(playhead.frame(atLink: 7) == 29)
        var start = Playhead()
        start.step(-1, atLink: 0)
        #expect(start.sceneTime(atLink: 1) == 0)
    }

    @Test func jumpsKeepPlayingOrPaused() {
        var playhead = Playhead()
        playhead.jump(to: 3, atLink: 10)
        #expect(playhead.sceneTime(atLink: 10.25) == 3.25)
        playhead.togglePlaying(atLink: 11)
        playhead.jump(to: 0, atLink: 12)
        #expect(playhead.sceneTime(atLink: 20) == 0)
        playhead.jump(to: .infinity, atLink: 12)
        #expect(playhead.sceneTime(atLink: 20) == 0)
        playhead.jump(to: 1e300, atLink: 12)
        #expect(playhead.sceneTime(atLink: 20) == 1e7)
        #expect(playhead.frame(atLink: 20) == 600_000_000)
    }
}
