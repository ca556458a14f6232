import Foundation

/// An expression of a shader to read where a line of the user's file finishes: `LINE:EXPR` on the command line,
/// or a `// watch: EXPR` comment on the line itself, which the workbench reads and never compiles.
public struct ShaderWatch: Sendable, Hashable {
    /// The line of the user's file after which the expression is read, from 1.
    public var line: Int
    public var expression: String
    /// The file whose line it is, where a node has several (a compute node's kernels); nil is the node's own
    /// shader, or its first kernel.
    public var file: String?

    public init(line: Int, expression: String, file: String? = nil) {
        self.line = line
        self.expression = expression
        self.file = file
    }

    /// `LINE:EXPR`; nil when it is not a line number, a colon and an expression.
    public init?(parsing text: String) {
        guard let colon = text.firstIndex(of: ":"), let line = Int(text[..<colon].trimmingCharacters(in: .whitespaces)), line > 0 else {
            return nil
        }
        let expression = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !expression.isEmpty else { return nil }
        self.init(line: line, expression: expression)
    }

    /// The `// watch: EXPR` comments of `source`, each watching its own line; `file` names the file they are in.
    public static func comments(in source: SourceText, file: String? = nil) -> [ShaderWatch] {
        source.lines.enumerated().compactMap { index, line in
            guard let marker = line.range(of: "// watch:") else { return nil }
            let expression = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
            return expression.isEmpty ? nil : ShaderWatch(line: index + 1, expression: expression, file: file)
        }
    }

    /// This watch in `edited`, the text its file has after a save, where it watched a line of `original`: on the
    /// line that has its line's text now (`SourceText.line(_:followedTo:)`); nil when no line has it any more.
    public func followed(from original: SourceText, to edited: SourceText) -> ShaderWatch? {
        original.line(line, followedTo: edited).map { ShaderWatch(line: $0, expression: expression, file: file) }
    }

    /// The names of the types the instrumented shader reports, by the number it records for each.
    public static func typeName(ofKind kind: Int) -> String? {
        let names = [1: "float", 2: "vec2", 3: "vec3", 4: "vec4", 5: "int", 6: "ivec2", 7: "ivec3", 8: "ivec4",
                     9: "bool", 10: "bvec2", 11: "bvec3", 12: "bvec4"]
        return names[kind]
    }

    /// How many numbers a value of that kind has.
    public static func componentCount(ofKind kind: Int) -> Int {
        [1, 5, 9].contains(kind) ? 1 : [2, 6, 10].contains(kind) ? 2 : [3, 7, 11].contains(kind) ? 3 : 4
    }
}
