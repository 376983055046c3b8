import CadenceAnimation
import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// The motion profiles' rules: pure functions of time, per animation kind and per widget.
@Suite struct ReducedMotionTests {
    static func basic(_ keyPath: String = "position.x", from: Double = 0, to: Double = 100, duration: Double = 1, begin: Double = 1) throws -> PropertyAnimation {
        try PropertyAnimation(
            kind: .basic(from: [from], to: [to], by: nil, timingFunction: .linear),
            timing: AnimationTiming(beginTime: begin, duration: duration, fillMode: .forwards)
        )
    }

    @Test func aBasicAnimationFadesThroughOverItsOwnDuration() throws {
        let animation = try Self.basic()
        #expect(animation.reducedMotion(.fade, at: 0.5) == (0.5, 1))          // before it: as usual
        #expect(animation.reducedMotion(.fade, at: 1.25) == (1, 0.5))         // start state, fading out
        #expect(animation.reducedMotion(.fade, at: 1.75) == (2, 0.5))         // end state, fading in
        #expect(animation.reducedMotion(.fade, at: 2.5) == (2.5, 1))
        #expect(animation.value(at: animation.reducedMotion(.fade, at: 1.4).time, base: [0]) == [0])
        #expect(animation.value(at: animation.reducedMotion(.fade, at: 1.6).time, base: [0]) == [100])
    }

    @Test func jumpAndKeep() throws {
        let animation = try Self.basic()
        #expect(animation.reducedMotion(.jump, at: 1) == (2, 1))
        #expect(animation.value(at: animation.reducedMotion(.jump, at: 1.01).time, base: [0]) == [100])
        #expect(animation.reducedMotion(.keep, at: 1.5) == (1.5, 1))
    }

    @Test func aSpringBecomesAShortEaseOutFadeAtItsTarget() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let animation = try PropertyAnimation(
            kind: .spring(from: [0], to: [100], by: nil, spring: spring),
            timing: AnimationTiming(beginTime: 0, duration: PropertyAnimation.settlingDuration(of: spring), fillMode: .forwards)
        )
        let start = animation.reducedMotion(.fade, at: 0)
        #expect(start.opacity == 0)
        // The state it ends in under full motion (a spring settles within 0.1 %), not a new one.
        #expect(animation.value(at: start.time, base: [0]) == animation.value(at: 60, base: [0]))
        let mid = animation.reducedMotion(.fade, at: PropertyAnimation.reducedSpringFade / 2)
        #expect(mid.opacity > 0.5 && mid.opacity < 1)  // ease-out: past half way at half time
        #expect(animation.reducedMotion(.fade, at: PropertyAnimation.reducedSpringFade).opacity == 1)
    }

    @Test func anAnimationRepeatingForEverHoldsItsStart() throws {
        let turn = try PropertyAnimation(
            kind: .basic(from: [0], to: [6.28], by: nil, timingFunction: .linear),
            timing: AnimationTiming(beginTime: 0.5, duration: 1, repeatCount: .infinity)
        )
        for rule in [ReducedMotion.fade, .jump] {
            #expect(turn.reducedMotion(rule, at: 7.3) == (0.5, 1))
        }
    }

    @Test func theSettingPicksTheRule() {
        #expect(MotionSetting(profile: .full, override: .jump).rule(default: .fade) == .keep)
        #expect(MotionSetting(profile: .none, override: .keep).rule(default: .fade) == .jump)
        #expect(MotionSetting(profile: .reduced).rule(default: .fade) == .fade)
        #expect(MotionSetting(profile: .reduced, override: .keep).rule(default: .fade) == .keep)
        #expect(MotionSetting(profile: .reduced, override: .jump).overridden(by: nil).override == .jump)
    }

    static func file(_ json: String) throws -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "m.json", strict: true).scene
    }

    static let layerScene = """
        {"size": [200, 100], "motion": "reduced", "nodes": [
          {"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "animations": [
            {"keyPath": "position.x", "from": 0, "to": 100, "duration": 1, "timingFunction": "linear", "fillMode": "forwards"},
            {"keyPath": "backgroundColor", "from": "#000000", "to": "#FFFFFF", "duration": 1}]},
          {"type": "Layer", "id": "b", "frame": [0, 0, 10, 10], "reducedMotion": "keep", "animations": [
            {"keyPath": "position.x", "from": 0, "to": 100, "duration": 1, "timingFunction": "linear", "fillMode": "forwards"}]}]}
        """

    @Test func aSceneFileSetsTheProfileAndANodeItsRule() throws {
        let scene = try Self.file(Self.layerScene)
        #expect(scene.motion == .reduced)
        guard case .layer(let a) = scene.nodes[0], case .layer(let b) = scene.nodes[1] else { Issue.record("not layers"); return }
        #expect(b.reducedMotion == .keep)
        let faded = a.presentation(at: 0.25, motion: MotionSetting(profile: .reduced))
        #expect(faded.position.x == 0)
        #expect(faded.opacity == 0.5)
        // A colour changes in place: it keeps animating under fade.
        #expect(faded.backgroundColor == a.presentation(at: 0.25).backgroundColor)
        let kept = b.presentation(at: 0.25, motion: MotionSetting(profile: .reduced))
        #expect(kept.position.x == 25 && kept.opacity == 1)
        let none = b.presentation(at: 0.25, motion: MotionSetting(profile: .none))
        #expect(none.position.x == 100 && none.opacity == 1)
    }

    @Test func badValuesNameTheirKey() throws {
        let profile = try #require(throws: SceneError.self) { try Self.file(#"{"size": [10, 10], "motion": "slow"}"#) }
        #expect(profile.key == "motion")
        #expect(profile.message == "must be full, reduced, none, got 'slow'")
        let rule = try #require(throws: SceneError.self) {
            try Self.file(#"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "x", "reducedMotion": "wobble"}]}"#)
        }
        #expect(rule.node == "x")
        #expect(rule.key == "reducedMotion")
        #expect(rule.message.contains("fade, jump, keep"))
    }

    @Test func aCountingLabelCrossFadesOrJumpsAndItsCompletionRunsWhenTheFinalValueShows() throws {
        var label = CountingLabel(frame: Rect(x: 0, y: 0, width: 100, height: 20), font: SceneFile.defaultFont)
        label.method = .linear
        label.count(from: 0, to: 100, duration: 2, at: 1)
        #expect(label.shownValues(at: 1.5, rule: .keep).map(\.value) == [25])
        let fade = label.shownValues(at: 1.5, rule: .fade)
        #expect(fade.map(\.value) == [0, 100] && fade.map(\.alpha) == [0.75, 0.25])
        #expect(label.shownValues(at: 1.0, rule: .jump).map(\.value) == [100])
        #expect(label.finalValueTime(at: 1.5, rule: .jump) == 1)
        #expect(label.finalValueTime(at: 1.5, rule: .fade) == 3)

        final class Runs: @unchecked Sendable { var times: [Double] = [] }
        let runs = Runs()
        label.completion = { _, time in runs.times.append(time) }
        var full = label
        full.finish(at: 1.5)
        #expect(runs.times.isEmpty)
        label.finish(at: 1.0, motion: MotionSetting(profile: .none))
        #expect(runs.times == [1.0])
    }

    @Test func theSpinnerStepsSlowlyOrStandsStill() {
        var spinner = ActivityIndicator(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        spinner.startAnimating(at: 0)
        #expect(spinner.headTick(at: 0.3) == 2)
        #expect(spinner.headTick(at: 0.3, rule: .fade) == 0)
        #expect(spinner.headTick(at: 1.3, rule: .fade) == 2)
        #expect(spinner.headTick(at: 1.3, rule: .jump) == 0)
    }
}
