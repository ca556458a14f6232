import ShaderLanguage

/// Why the window could not open or go on; each message is one sentence a person can act on.
public struct WindowError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// What kind of problem it is, where it is one of the workbench's (an OSC port in use); nil where the display
    /// or the GPU failed.
    public var code: DiagnosticCode?

    public init(_ message: String, code: DiagnosticCode? = nil) {
        self.message = message
        self.code = code
    }

    /// The message with its code, as the terminal is told.
    public var description: String { code?.tagging(message) ?? message }
}
