/// The `#line` numbering of the texts a program is made of. The user's file is source string 0; each text the
/// workbench adds (its prelude, ShaderToy's Common code, a fused member, a watch) is a string of its own, so a
/// message can be told apart from one about the user's lines. Mesa drops the string number from some messages,
/// though (an undeclared name is reported in string 0 wherever it stands, which put an error in Common code at a
/// line of the user's file), so each added string's lines are numbered in a block of their own as well: line N of
/// string S is line S × `stride` + N, and a message is attributed by its line whatever string the driver names.
enum SourceStringNumbering {
    /// Lines per block: a user's file longer than this would read as another string. Small enough that a chain of
    /// thousands of fused members keeps its line numbers inside the 32-bit integers drivers count in.
    static let stride = 100_000

    /// The directive that numbers the next line `line` of source string `string`.
    static func directive(line: Int, string: Int) -> String {
        "#line \(string == 0 ? line : string * stride + line) \(string)"
    }

    /// `message` with the string and line its line number says.
    static func attributed(_ message: CompilerMessage) -> CompilerMessage {
        guard let line = message.line, line > stride else { return message }
        var attributed = message
        attributed.sourceString = line / stride
        attributed.line = line % stride
        return attributed
    }
}
