import CadenceEngine
import CadenceLottie
import CadenceScene
import Foundation

/// One Lottie fuzz input (`CADENCE_FUZZ_TARGET=lottie`): read as a Lottie document, then drawn at
/// the middle of its length by both offscreen backends (fitted to the fuzzer's small frame). Bad
/// input must come back as an error, never a trap, a hang or unbounded memory.
@MainActor @discardableResult
func fuzzLottie(_ data: Data) -> FuzzOutcome {
    guard let animation = try? LottieAnimation(data: data, file: "fuzz.json") else { return .rejected }
    let scene = Scene(lottie: animation)
    let time = animation.duration / 2
    guard let renderer = FuzzRenderer.shared else {
        return (try? scene.displayList(at: time)) == nil ? .rejected : .drawn
    }
    let frame = try? renderer.render(scene, at: time)
    let cpuFrame = try? FuzzRenderer.cpu?.render(scene, at: time)
    return frame == nil || cpuFrame == nil ? .rejected : .rendered
}
