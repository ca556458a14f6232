/// One message from a GLSL compiler or linker info log, as the driver reported it.
///
/// Positions are the driver's, not the user's: the prelude and `#line` mapping happen elsewhere.
/// Drivers print a line of 0 when they have no line (NVIDIA's `(0) : error ...` at end of file),
/// so a 0 line or column is stored as nil rather than as a place that does not exist.
public struct CompilerMessage: Hashable, Sendable {
    /// Error or warning; note where a driver prints notes (Mali, ANGLE).
    public var severity: Diagnostic.Severity
    /// The "0" in "0:12"; nil when the driver gives none.
    public var sourceString: Int?
    /// Nil for messages with no location, as most link errors are.
    public var line: Int?
    /// 1-based; only Mesa (and a few glslang-derived drivers) print columns.
    public var column: Int?
    /// The text, trimmed, without the location, severity or error-code prefix.
    /// A message the driver continued on further lines keeps them, joined with "\n".
    public var message: String
    /// The driver's error code when it prints one: "C1008" (NVIDIA), "L0002" (Mali), "#143" (AMD).
    public var code: String?
    /// The token the message quotes: foo from `'foo' : undeclared identifier`, `` `foo' `` (Mesa)
    /// or `"foo"` (NVIDIA). Editors use it to underline the token rather than the whole line.
    public var quotedToken: String?

    public init(
        severity: Diagnostic.Severity,
        sourceString: Int? = nil,
        line: Int? = nil,
        column: Int? = nil,
        message: String,
        code: String? = nil,
        quotedToken: String? = nil
    ) {
        self.severity = severity
        self.sourceString = sourceString
        self.line = line
        self.column = column
        self.message = message
        self.code = code
        self.quotedToken = quotedToken
    }
}
