@testable import CadenceFuzz
import Foundation
import Testing

/// The fuzz target's inputs replayed in the plain build: the seed corpus (README and example
/// scenes) and the regression inputs (what once trapped or ran away) must each be read and drawn
/// without a trap, as libFuzzer checks them under `make fuzz`.
@Suite struct FuzzReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func inputs(_ folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static let corpus = inputs(root.appendingPathComponent("../../Fuzz/corpus").standardized)
    static let regressions = inputs(root.appendingPathComponent("FuzzRegressions"))

    static func optionInputs(_ folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static let optionSeeds = optionInputs(root.appendingPathComponent("../../Fuzz/options").standardized)
    static let optionRegressions = optionInputs(root.appendingPathComponent("OptionsFuzzRegressions"))

    static let lottieSeeds = inputs(root.appendingPathComponent("../CadenceGLTests/LottieFiles").standardized)
    static let lottieRegressions = inputs(root.appendingPathComponent("LottieFuzzRegressions"))
    static let lottieAmplification = inputs(root.appendingPathComponent("../../Fuzz/lottie-amplification").standardized)

    static func expressionInputs(_ folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".js") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static let expressionSeeds = expressionInputs(root.appendingPathComponent("../../Fuzz/expressions").standardized)
    static let expressionRegressions = expressionInputs(root.appendingPathComponent("ExpressionFuzzRegressions"))

    /// Every expression seed and regression (endless loops, memory, recursion, refused names, a
    /// cycle, deep nesting) is read into its document and drawn: a value or a warning each.
    @Test(arguments: expressionSeeds + expressionRegressions) @MainActor
    func expressionIsAnswered(_ file: URL) throws {
        #expect(fuzzExpression(try Data(contentsOf: file)) != .rejected, "\(file.lastPathComponent) was rejected")
    }

    /// Every Lottie seed (the golden tests' files) is read and drawn.
    @Test(arguments: lottieSeeds) @MainActor
    func lottieSeedIsRendered(_ file: URL) throws {
        #expect(fuzzLottie(try Data(contentsOf: file)) != .rejected, "\(file.lastPathComponent) was rejected")
    }

    /// Hostile Lottie files (cycles, 10⁹ copies, points or ridges, absurd numbers, deep nesting):
    /// each an error or a documented clamp, never a trap. How long each takes is not asserted
    /// here (a busy machine fails such a test for the wrong reason): `make fuzz` replays these
    /// inputs under libFuzzer's time limit, where a slow unit is a finding.
    @Test(arguments: lottieRegressions + lottieAmplification) @MainActor
    func lottieRegressionIsAnswered(_ file: URL) throws {
        _ = fuzzLottie(try Data(contentsOf: file))
    }

    @Test func thereAreInputsToReplay() {
        #expect(Self.lottieSeeds.count >= 8)
        #expect(Self.lottieRegressions.count >= 14)
        #expect(Self.lottieAmplification.count >= 6)
        #expect(Self.corpus.count >= 7)
        #expect(Self.regressions.count >= 6)
        #expect(Self.optionSeeds.count >= 10)
        #expect(Self.optionRegressions.count >= 9)
        #expect(Self.expressionSeeds.count >= 10)
        #expect(Self.expressionRegressions.count >= 6)
    }

    /// Every options seed is a valid render: planned and drawn (or, beyond the fuzzer's pixel
    /// budget, planned), not refused.
    @Test(arguments: optionSeeds) @MainActor
    func optionSeedIsRendered(_ file: URL) throws {
        let outcome = fuzzOptions(try Data(contentsOf: file))
        #expect(outcome != .rejected, "\(file.lastPathComponent) was rejected")
    }

    /// Option inputs that once trapped or were taken for success (huge shards and frame ranges,
    /// zero-frame animations, extreme clocks): each is an answer now, whichever.
    @Test(arguments: optionRegressions) @MainActor
    func optionRegressionIsAnswered(_ file: URL) throws {
        _ = fuzzOptions(try Data(contentsOf: file))
    }

    /// Every seed and regression is a valid scene: it must be read and drawn, not only survive.
    @Test(arguments: corpus + regressions) @MainActor
    func inputIsReadAndDrawn(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let outcome = fuzzOne(data)
        #expect(outcome != .rejected, "\(file.lastPathComponent) was rejected")
    }

    /// Truncations of a valid scene (as a mutation fuzzer makes them) are errors, never traps.
    @Test @MainActor func truncatedScenesAreRejected() throws {
        let data = try Data(contentsOf: Self.corpus[0])
        for length in stride(from: 0, to: data.count - 1, by: max(data.count / 64, 1)) {
            #expect(fuzzOne(data.prefix(length)) == .rejected)
        }
    }
}
