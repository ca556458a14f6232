/// A place in a user's file. Lines and columns count from 1; a column of 0 means "the whole line" and a
/// line of 0 "the whole file" (a link error that names no line).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A value given on the command line, such as `--input clip.mp4`: messages about it start with the
    /// option and the value as typed, which is where the user must look; there is no file or line to open.
    public static func commandLine(option: String, value: String) -> SourceLocation {
        SourceLocation(file: "\(option) \(value)", line: 0)
    }

    /// `file:line:col`, the form editors' quickfix lists jump to; unknown parts are left out.
    public var description: String {
        if line == 0 { return file }
        return column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}
