import Foundation

/// A prepared shader rewritten to show a watched expression instead of its colour: the user's file is never
/// touched, only the text given to the driver. After the watched line a call records the expression's value, its
/// type and how many times the line ran; the user's `main` (ShaderToy's, the one around `mainImage`) is renamed,
/// and a new `main` runs it and writes what was recorded to two targets in one pass: the value to the first (a
/// float target keeps it exact), and the number of runs and the value's type (as `ShaderWatch.typeName(ofKind:)`
/// numbers them) to the second. Inserted lines carry `#line` directives of their own source strings, so the
/// driver's lines for the user's text stay the user's, and an error in the expression is known to be the watch's.
public enum WatchInstrumentation {

    /// Driver source-string numbers of the inserted support code and of the watch call.
    public static let supportSourceString = 8
    public static let watchSourceString = 9

    /// The fragment source of `shader` with `watch` recorded. Throws, at the watch, when its line is not one of
    /// the user's body lines this shader compiles.
    public static func fragmentSource(of shader: PreparedShader, watching watch: ShaderWatch) throws(Diagnostic) -> String {
        var lines = shader.fragmentSource.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let numbering = Self.numbering(of: lines)
        let bodyStart = [.shaderToy, .isf, .vsCodeShaderToy].contains(shader.interface.dialect) ? 1 : shader.interface.bodyStartLine
        let location = SourceLocation(file: shader.source.path, line: watch.line)
        // The user's body follows the directive that numbers it as string 0; what comes before (a `#version`, a
        // GLSL shader's header) is string 0 too, but nothing can be inserted there.
        guard let directive = lines.lastIndex(where: { $0.hasPrefix("#line ") && $0.hasSuffix(" 0") }),
              let firstBodyLine = numbering[(directive + 1)...].firstIndex(where: { $0?.string == 0 }) else {
            throw .error("watch: the shader has no body to watch", at: location, code: .watch)
        }
        guard watch.line >= bodyStart,
              let watched = numbering[firstBodyLine...].firstIndex(where: { $0.map { $0.string == 0 && $0.line == watch.line } ?? false }) else {
            throw .error("watch: line \(watch.line) is not a line of the shader's code (it has \(shader.source.lines.count) lines, its code starts at line \(bodyStart))",
                         at: location, code: .watch)
        }
        // The watch's call is a statement, which only a function's body can hold; at file scope the driver would
        // only say it cannot parse it.
        guard GLSLFunctionBodies.linesInside(shader.source).contains(watch.line) else {
            throw .error("watch: line \(watch.line) is at file scope, outside every function: a watch goes on a line inside a function's body, where the code it reads runs",
                         at: location, code: .watch)
        }
        let runs = "vec4(shaderbenchWatchHits, shaderbenchWatchKind, 0.0, 1.0)"
        let outputs: (declarations: [String], writes: [String])
        let declaration = Self.outputDeclaration(in: lines)
        if let (line, name) = declaration {
            // GLSL ES 3.00: two outputs need a location each; the user's declaration keeps its line.
            if !lines[line].contains("layout") { lines[line] = "layout(location = 0) " + lines[line] }
            outputs = (["layout(location = 1) out highp vec4 shaderbenchWatchRuns;"], ["\(name) = shaderbenchWatchValue;", "shaderbenchWatchRuns = \(runs);"])
        } else {
            // GLSL ES 1.00 writes both through gl_FragData, and a shader may not also write gl_FragColor: the user's
            // writes to it go to a variable no one reads.
            outputs = (["highp vec4 shaderbenchUserColour;", "#define gl_FragColor shaderbenchUserColour"],
                       ["gl_FragData[0] = shaderbenchWatchValue;", "gl_FragData[1] = \(runs);"])
        }
        lines.append(contentsOf: [SourceStringNumbering.directive(line: 1, string: supportSourceString), "#undef main", "void main() {", "    shaderbenchWatchedMain();"]
                        + outputs.writes.map { "    " + $0 } + ["}"])
        // Later insertions first, so the earlier index still points where it did.
        lines.insert(contentsOf: [SourceStringNumbering.directive(line: 1, string: watchSourceString), "shaderbenchWatch(\(watch.expression));", "#line \(watch.line + 1) 0"],
                     at: watched + 1)
        lines.insert(contentsOf: [SourceStringNumbering.directive(line: 1, string: supportSourceString)] + DialectShaderFile.watchSupport.lines + outputs.declarations
                        + ["#define main shaderbenchWatchedMain", "#line \(numbering[firstBodyLine]!.line) 0"],
                     at: firstBodyLine)
        if declaration == nil, let directives = lines.firstIndex(where: { $0.hasPrefix("#line ") }) {
            // After the user's own `#version` and `#extension` lines, before anything they number.
            lines.insert("#extension GL_EXT_draw_buffers : require", at: directives)
        }
        return lines.joined(separator: "\n")
    }

    /// Each line's source string and number as the driver counts them (`#line N S` numbers the next line N), nil
    /// for the directives themselves.
    static func numbering(of lines: [String]) -> [(string: Int, line: Int)?] {
        var string = 0, next = 1
        return lines.map { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.first == "#line", words.count >= 2, let number = Int(words[1]) {
                next = number
                if words.count >= 3, let source = Int(words[2]) { string = source }
                return nil
            }
            defer { next += 1 }
            return (string, next)
        }
    }

    /// Where a GLSL ES 3.00 shader's colour goes: the line declaring its `out vec4`, and its name; nil in GLSL ES
    /// 1.00, which writes `gl_FragColor`.
    static func outputDeclaration(in lines: [String]) -> (line: Int, name: String)? {
        guard lines.first?.hasPrefix("#version 300") ?? false else { return nil }
        let declaration = /^\s*(?:layout\s*\([^)]*\)\s*)?out\s+(?:(?:lowp|mediump|highp)\s+)?vec4\s+(\w+)\s*;/
        for (index, line) in lines.enumerated() {
            if let match = line.firstMatch(of: declaration) { return (index, String(match.1)) }
        }
        return nil
    }
}
