import CadenceTiming
import Foundation
import Testing

/// Replayable display clocks: trace files, generated specs, VRR-aware dropped frames.
@Suite struct ClockTraceTests {
    func parse(_ json: String) throws(ClockTraceError) -> VSyncTrace {
        try VSyncTrace.parse(Data(json.utf8))
    }

    func message(_ json: String) -> String {
        do {
            _ = try parse(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    func specMessage(_ text: String, fps: Double = 60, duration: Double = 1) -> String {
        do {
            _ = try ClockSpec(text).generate(fps: fps, duration: duration)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsTheFileForm() throws {
        let trace = try parse(#"[{"timestamp": 0, "targetTimestamp": 0.01}, {"timestamp": 0.01, "targetTimestamp": 0.025}]"#)
        #expect(trace.vsyncs == [VSyncTime(timestamp: 0, targetTimestamp: 0.01), VSyncTime(timestamp: 0.01, targetTimestamp: 0.025)])
        #expect(trace.vsyncs[1].interval == 0.025 - 0.01)
    }

    @Test func malformedTracesAreNamedErrors() {
        #expect(message("[]").contains("has no vsyncs"))
        #expect(message("{}").contains("must be a JSON list"))
        #expect(message("not json").contains("must be a JSON list"))
        #expect(message(#"[{"timestamp": 0.1, "targetTimestamp": 0.2}, {"timestamp": 0.1, "targetTimestamp": 0.3}]"#)
            .contains("vsync 1: timestamp 0.1 is not after vsync 0's 0.1"))
        #expect(message(#"[{"timestamp": 0.2, "targetTimestamp": 0.3}, {"timestamp": 0.1, "targetTimestamp": 0.3}]"#)
            .contains("timestamps must strictly increase"))
        #expect(message(#"[{"timestamp": 0.2, "targetTimestamp": 0.1}]"#)
            .contains("vsync 0: targetTimestamp 0.1 must be after timestamp 0.2 (the refresh interval must be above 0)"))
        #expect(message(#"[{"timestamp": -1, "targetTimestamp": 0.1}]"#).contains("vsync 0: timestamp must be a finite number of seconds from 0 to 10000000, got -1"))
        #expect(message(#"[{"timestamp": 0, "targetTimestamp": 1e300}]"#).contains("targetTimestamp must be a finite number of seconds"))
        #expect(message(#"[{"timestamp": 0, "targetTimestamp": 1e999}]"#).contains("not valid JSON"), "a number out of Double's range")
        #expect(message(#"[{"timestamp": 0, "targetTimestamp": "soon"}]"#).contains("vsync 0: targetTimestamp must be a finite number of seconds"))
        #expect(message(#"[{"timestamp": true, "targetTimestamp": 1}]"#).contains("vsync 0: timestamp must be"))
        #expect(message(#"[{"timestamp": 0}]"#).contains("vsync 0: missing key 'targetTimestamp'"))
        #expect(message(#"[{"timestamp": 0, "targetTimestamp": 1, "when": 2}]"#).contains("vsync 0: unknown key 'when'"))
        #expect(message(#"[0.1, 0.2]"#).contains("vsync 0: must be an object"))
    }

    @Test func aFileThatCannotBeReadIsNamed() {
        #expect(throws: ClockTraceError.self) { try VSyncTrace.read(path: "/nonexistent/trace.json") }
        do {
            _ = try VSyncTrace.read(path: "/nonexistent/trace.json")
        } catch {
            #expect(error.description == "clock trace /nonexistent/trace.json: does not exist")
        }
    }

    @Test func writtenTracesReadBackExactly() throws {
        let trace = try ClockSpec("jitter:0.5ms,seed=7").generate(fps: 60, duration: 1)
        let folder = NSTemporaryDirectory() + "cadence-trace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try trace.write(to: folder + "/trace.json")
        #expect(try VSyncTrace.read(path: folder + "/trace.json") == trace)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["trace.json"], "no temporary file left")
        #expect(throws: ClockTraceError.self) { try trace.write(to: folder + "/missing/trace.json") }
        #expect(throws: ClockTraceError.self) { try trace.write(to: folder) }
    }

    @Test func variableRefreshSwitchesAtTheFirstVsyncAfterEachBoundary() throws {
        let trace = try ClockSpec("vrr:120,80,60@0.5s").generate(fps: 60, duration: 2)
        let intervals = trace.vsyncs.map(\.interval)
        // 0.5 s at 120 Hz, 0.5 s at 80 Hz, 0.5 s at 60 Hz, then 120 Hz again.
        #expect(trace.vsyncs.prefix(60).allSatisfy { abs($0.interval - 1.0 / 120) < 1e-12 })
        #expect(abs(trace.vsyncs[60].timestamp - 0.5) < 1e-12)
        #expect(abs(intervals[60] - 1.0 / 80) < 1e-12)
        #expect(abs(trace.vsyncs[100].timestamp - 1.0) < 1e-12 && abs(intervals[100] - 1.0 / 60) < 1e-12)
        #expect(abs(trace.vsyncs[130].timestamp - 1.5) < 1e-12 && abs(intervals[130] - 1.0 / 120) < 1e-12)
        #expect(trace.count == 190)
        // Each target is the next vsync: a slower rate is not a dropped frame.
        for (vsync, next) in zip(trace.vsyncs, trace.vsyncs.dropFirst()) { #expect(vsync.targetTimestamp == next.timestamp) }
        #expect(trace.dropped == 0)
        // Counted against one fixed 120 Hz interval, every slower refresh looks dropped.
        #expect(trace.dropped(againstFixedPeriod: 1.0 / 120) >= 30, "each 60 Hz refresh is two 120 Hz intervals")
    }

    @Test func jitterIsSeededBoundedAndNeverReadAsDrops() throws {
        let first = try ClockSpec("jitter:0.5ms,seed=7").generate(fps: 120, count: 600)
        let again = try ClockSpec("jitter:0.5ms,seed=7").generate(fps: 120, count: 600)
        let other = try ClockSpec("jitter:0.5ms,seed=8").generate(fps: 120, count: 600)
        #expect(first == again)
        #expect(first != other)
        #expect(first.vsyncs[0] == VSyncTime(timestamp: 0, targetTimestamp: 1.0 / 120))
        let offsets = first.vsyncs.enumerated().map { $0.element.timestamp - Double($0.offset) / 120 }
        #expect(offsets.allSatisfy { abs($0) <= 0.0005 + 1e-12 })
        #expect(offsets.contains { abs($0) > 0.0004 }, "the offsets use the whole range")
        #expect(first.dropped == 0)
    }

    @Test func dropsAreCountedWhereTheyAre() throws {
        let every = try ClockSpec("drop:every=10").generate(fps: 60, count: 90)
        // 90 delivered span vsyncs 0 ... 98; the drop at 99 would come after the last one.
        #expect(every.dropped == 9)
        #expect(every.vsyncs[9].timestamp == 10.0 / 60, "vsync 9 is missing")
        #expect(every.dropped(before: 9) == 1)
        let random = try ClockSpec("drop:10%,seed=3+jitter:1ms,seed=1").generate(fps: 60, duration: 10)
        let again = try ClockSpec("drop:10%,seed=3+jitter:1ms,seed=1").generate(fps: 60, duration: 10)
        #expect(random == again)
        #expect(random.count + random.dropped == 600, "every vsync is either delivered or counted dropped")
        #expect((30...90).contains(random.dropped))
        // VRR and drops together: only the missing vsyncs count.
        let both = try ClockSpec("vrr:120,60@0.5s+drop:every=8").generate(fps: 60, duration: 2)
        #expect(both.dropped == 22 && both.count + both.dropped == 180)
    }

    @Test func badSpecsNameThePartAndTheRule() {
        #expect(specMessage("warp:2") == "--clock warp:2: unknown clock kind 'warp' (kinds: vrr, jitter, drop; or give a trace file)")
        #expect(specMessage("vrr:120,0@0.5s").contains("vrr rate '0' must be a number of Hz above 0"))
        #expect(specMessage("vrr:120,80").contains("expected vrr:RATE,RATE,…@INTERVAL"))
        #expect(specMessage("vrr:120@0.001s").contains("shorter than one refresh at 120 Hz"))
        #expect(specMessage("vrr:5000@1s").contains("at most 1000"))
        #expect(specMessage("jitter:abc").contains("jitter amount 'abc' must be a number of seconds"))
        #expect(specMessage("jitter:0.5ms,seed=-1").contains("'seed=-1' must be seed=N"))
        #expect(specMessage("jitter:5ms", fps: 60).contains("must be under a quarter of the shortest refresh interval (16.667 ms at 60 Hz)"))
        #expect(specMessage("drop:every=1").contains("drop every=N needs a whole N from 2"))
        #expect(specMessage("drop:100%").contains("below 100%"))
        #expect(specMessage("drop:often").contains("expected drop:every=N or drop:P%"))
        #expect(specMessage("jitter:1ms+jitter:2ms").contains("'jitter' is given twice"))
        #expect(specMessage("jitter:1e400ms").contains("jitter amount"))
        #expect(specMessage("vrr:120@0.5s", duration: 1e7).contains("above the limit of 1000000 vsyncs"))
        #expect(specMessage("jitter:0.5ms", fps: .infinity).contains("the base rate (--fps)"))
        #expect(ClockSpec.looksLikeSpec("jitter:1ms") && !ClockSpec.looksLikeSpec("traces/a.json") && !ClockSpec.looksLikeSpec("./x:y"))
    }

    @MainActor
    @Test func aDisplayLinkOnATraceSeesItsTimesAndIntervals() throws {
        let trace = try ClockSpec("vrr:120,60@0.05s").generate(fps: 60, duration: 0.2)
        let source = try VSyncSource(refreshRate: 120)
        var frames: [FrameInfo] = []
        let link = DisplayLink { _, frame in frames.append(frame) }
        link.add(to: source)
        TraceDriver(source: source, trace: trace).run()
        #expect(frames.map(\.timestamp) == trace.vsyncs.map(\.timestamp))
        #expect(frames.map(\.targetTimestamp) == trace.vsyncs.map(\.targetTimestamp))
        #expect(frames.map(\.index) == Array(trace.vsyncs.indices))
        #expect(frames.map(\.duration) == trace.vsyncs.map(\.interval))
        #expect(link.duration == trace.vsyncs.last?.interval)
    }

    @MainActor
    @Test func theDeadlineDriverPlaysATraceAndCountsItsDrops() throws {
        let trace = try ClockSpec("vrr:240,120@0.05s+drop:every=4").generate(fps: 60, duration: 0.2)
        let source = try VSyncSource(refreshRate: 240)
        var seen: [Double] = []
        let link = DisplayLink { _, frame in seen.append(frame.timestamp) }
        link.add(to: source)
        let driver = DeadlineDriver(source: source)
        let (stats, delivered) = driver.run(trace: trace, stats: FrameStats(logger: nil))
        // Tiny work: nothing overruns on an idle enough machine, and if something does it is
        // counted on top of the trace's own drops, never fewer.
        #expect(stats.dropped >= trace.dropped)
        #expect(delivered.count + (stats.dropped - trace.dropped) >= trace.count - 2)
        #expect(seen == delivered.map { trace.vsyncs[$0].timestamp })
    }
}
