import CadenceTiming
import Foundation
import Logging
import Testing

/// Dropped frames are told at most once every `warningInterval` vsyncs, the later line counting
/// the bursts since the last (41 lines in 15 s buried `demo --watch`'s reloads and errors).
@Suite struct DropWarningTests {
    /// Keeps the messages logged through it.
    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String] = []
        func append(_ message: String) { lock.withLock { kept.append(message) } }
        var all: [String] { lock.withLock { kept } }
    }

    struct Capture: LogHandler {
        let messages: Messages
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { messages.append("\(event.message)") }
    }

    @Test func warningsAreRateLimitedAndCountWhatTheyHeldBack() {
        let messages = Messages()
        var stats = FrameStats(logger: Logger(label: "test") { _ in Capture(messages: messages) }, warningInterval: 100)
        for (vsync, count) in [(10, 1), (20, 2), (30, 1), (150, 3), (160, 1), (300, 1)] {
            stats.recordDropped(count, at: vsync)
        }
        #expect(stats.dropped == 9 && stats.dropBursts == 6)
        #expect(messages.all.count == 3, "\(messages.all)")
        #expect(messages.all.first?.hasPrefix("Skipped 1 frame before vsync 10:") == true, "\(messages.all)")
        #expect(messages.all.dropFirst().first?.hasPrefix("Skipped 6 frames in 3 bursts up to vsync 150:") == true, "\(messages.all)")
        #expect(messages.all.last?.hasPrefix("Skipped 2 frames in 2 bursts up to vsync 300:") == true, "\(messages.all)")
    }
}
