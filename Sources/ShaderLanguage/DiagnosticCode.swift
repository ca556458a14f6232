/// A stable identity for a kind of problem the workbench itself reports: `SB` and four digits, printed after
/// the message (`c.yaml:4:3: error: … [SB4004]`), with a one-line title and a longer explanation with an example
/// fix that `shaderbench explain SB4004` prints and docs/diagnostics.md lists. Driver and glslang messages carry
/// none: they are the driver's words, and say so.
///
/// The thousands say where a problem is: 1 the composition's file, 2 its nodes and wiring, 3 shader files (ISF
/// headers, includes, annotations, ShaderToy pages), 4 live control (MIDI, OSC), 5 live sources (cameras, movies,
/// sound), 6 what the workbench writes (renders, recordings, the virtual camera, saves into the composition). The shader files' codes are defined here,
/// with `unreadableFile`, which reading any file can give; ShaderGraph defines the rest and lists them all
/// (`DiagnosticCode.all`).
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    public let number: Int
    public let title: String
    /// What it means and why it is a problem, in a paragraph or two.
    public let explanation: String
    /// A wrong example, then the fix, as the file would have them.
    public let example: String

    package init(_ number: Int, _ title: String, explanation: String, example: String) {
        self.number = number
        self.title = title
        self.explanation = explanation
        self.example = example
    }

    public var description: String { "SB\(number)" }

    /// `message` with this code after its first line, as gcc puts a warning's flag: `… [SB4004]`. The one way a
    /// code is printed, for a diagnostic's message and for lines that are not diagnostics (a render's warnings).
    public func tagging(_ message: String) -> String {
        guard let newline = message.firstIndex(of: "\n") else { return message + " [\(self)]" }
        return message[..<newline] + " [\(self)]" + message[newline...]
    }

    public static func == (left: DiagnosticCode, right: DiagnosticCode) -> Bool { left.number == right.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
