/// Why SVG path data could not be read, and where.
///
/// `offset` counts UTF-8 bytes from the start of the text to the bad command or number (or to the
/// end of the text when a number is missing there); `message` says what was expected.
public struct PathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The UTF-8 offset of the bad command or number.
    public var offset: Int
    /// What went wrong, naming the offset: "expected a number after 'L' at offset 7".
    public var message: String

    /// An error at `offset` that says `message`.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// "invalid SVG path data: " followed by the message.
    public var description: String { "invalid SVG path data: \(message)" }
}
