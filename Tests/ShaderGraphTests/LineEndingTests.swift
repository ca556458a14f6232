import Foundation
import Testing
@testable import ShaderGraph
@testable import ShaderLanguage

/// Files with Windows (CR LF) and classic Mac OS (lone CR) line endings read as LF files do: every reader
/// sees the same lines, so every location is the same; a write-back keeps the file's own endings.
@Suite("CR LF and CR line endings")
struct LineEndingTests {
    /// `text` with its LFs made `lineBreak`.
    func ending(_ text: String, with lineBreak: String) -> String { text.replacingOccurrences(of: "\n", with: lineBreak) }

    @Test("LF, CR LF and a lone CR each end one line; the file's own text is kept beside")
    func lines() {
        let source = SourceText(path: "s.fsh", text: "a\r\nb\rc\nd\r\r\ne")
        #expect(source.lines == ["a", "b", "c", "d", "", "e"])
        #expect(source.text == "a\nb\nc\nd\n\ne")
        #expect(source.fileText == "a\r\nb\rc\nd\r\r\ne")
        #expect(LineBreaks.first(in: "a\r\nb\n") == "\r\n" && LineBreaks.first(in: "a\rb") == "\r" && LineBreaks.first(in: "ab") == "\n")
    }

    @Test("text that is not UTF-8 is located at its line in a CR LF or CR file", arguments: ["\r\n", "\r"])
    func notUTF8(lineBreak: String) throws {
        let workspace = try Workspace()
        let path = try workspace.write("s.fsh", bytes: Array("void main() {\(lineBreak)  x\(lineBreak)  ".utf8) + [0xFF])
        #expect(throws: Diagnostic.self) { try UserFile.readText(path: path) }
        do {
            _ = try UserFile.readText(path: path)
        } catch {
            #expect(error.location.map { [$0.line, $0.column] } == [3, 3])
        }
    }

    @Test("the unset-uniform warning quotes its own line of a CR LF shader", arguments: ["\r\n", "\r"])
    func unsetUniformLine(lineBreak: String) throws {
        let workspace = try Workspace()
        try workspace.write("look.fsh", ending("precision mediump float;\nuniform float amount;\nvoid main() { gl_FragColor = vec4(amount); }\n", with: lineBreak))
        let path = try workspace.write("c.yaml", ending("nodes:\n  look: { kind: shader, file: look.fsh }\n", with: lineBreak))
        let warning = try #require(try CompositionOpener.open(path: path).warnings.first)
        #expect(warning.location.map { [$0.line, $0.column] } == [2, 15])
        #expect(warning.sourceLine == "uniform float amount;")
    }

    @Test("a mistake in a CR LF or CR composition is reported at its line and column", arguments: ["\r\n", "\r"])
    func compositionError(lineBreak: String) throws {
        let workspace = try Workspace()
        try workspace.write("look.fsh", "void main() { gl_FragColor = vec4(1.0); }\n")
        let yaml = "# a look\nnodes:\n  look: { kind: shader, file: look.fsh, uniforms: { amount: 1 } }\noutput: nowhere\n"
        let lf = try workspace.write("lf.yaml", yaml)
        let other = try workspace.write("other.yaml", ending(yaml, with: lineBreak))
        func problems(_ path: String) -> [String] {
            do {
                _ = try CompositionLoader.load(path: path)
                return []
            } catch {
                return error.diagnostics.positioned
            }
        }
        #expect(problems(lf).contains { $0.hasPrefix("4:9 ") }, "\(problems(lf))")
        #expect(problems(other) == problems(lf))
    }

    @Test("an ISF header in a CR LF file reads as in an LF one, its mistakes at their line and column", arguments: ["\r\n", "\r"])
    func isfHeader(lineBreak: String) throws {
        let good = "/*{\n    \"ISFVSN\": \"2.0\",\n    \"INPUTS\": [ { \"NAME\": \"amount\", \"TYPE\": \"float\", \"DEFAULT\": 0.5 } ]\n}*/\nvoid main() { gl_FragColor = vec4(amount); }\n"
        let isf = try ShaderInterface.read(SourceText(path: "s.fs", text: ending(good, with: lineBreak)))
        #expect(isf.dialect == .isf)
        #expect(isf.uniform(named: "amount").map { [$0.line, $0.column] } == [3, 28])
        let bad = "/*{\n    \"DESCRIPTION\": \"x\"\n    \"INPUTS\": []\n}*/\n"
        #expect(throws: Diagnostic.self) { try ShaderInterface.read(SourceText(path: "s.fs", text: ending(bad, with: lineBreak))) }
        do {
            _ = try ShaderInterface.read(SourceText(path: "s.fs", text: ending(bad, with: lineBreak)))
        } catch {
            #expect(error.location.map { [$0.line, $0.column] } == [3, 5], "\(error)")
        }
    }

    @Test("a CR LF include's lines keep their file and line", arguments: ["\r\n", "\r"])
    func include(lineBreak: String) throws {
        let workspace = try Workspace()
        try workspace.write("colour.glsl", ending("// colours\nvec4 colour() { return vec4(1.0); }\n", with: lineBreak))
        let path = try workspace.write("look.fsh", ending("precision mediump float;\n#include \"colour.glsl\"\nvoid main() { gl_FragColor = colour(); }\n", with: lineBreak))
        let expanded = try ShaderIncludes.expand(UserFile.readText(path: path), folders: ShaderIncludes.Folders())
        #expect(expanded.lines == ["precision mediump float;", "// colours", "vec4 colour() { return vec4(1.0); }", "void main() { gl_FragColor = colour(); }", ""])
        #expect(expanded.location(line: 3).file.hasSuffix("colour.glsl") && expanded.location(line: 3).line == 2)
        #expect(expanded.location(line: 4).file.hasSuffix("look.fsh") && expanded.location(line: 4).line == 3)
    }

    @Test("a mistake in a CR LF ShaderToy page is reported at its line and column")
    func shaderToyPage() {
        let page = ending("{\n  \"info\": { \"name\": \"x\" },\n  \"renderpass\": [ { \"code\": 3 ]\n}\n", with: "\r\n")
        #expect(throws: DiagnosticsError.self) { try ShaderToyPage.read(SourceText(path: "p.json", text: page)) }
        do {
            _ = try ShaderToyPage.read(SourceText(path: "p.json", text: page))
        } catch {
            #expect(error.diagnostics.first?.location?.line == 3, "\(error.diagnostics.positioned)")
        }
    }

    @Test("tuned values and learned controls written into a CR LF or CR composition keep its line endings", arguments: ["\r\n", "\r"])
    func writeBack(lineBreak: String) throws {
        let workspace = try Workspace()
        try workspace.write("s.fsh", "uniform float amount;\nuniform float level;\nvoid main() { gl_FragColor = vec4(amount * level); }\n")
        let yaml = "nodes:\n  grade:\n    kind: shader\n    file: s.fsh\n    uniforms:\n      amount: 0.5   # half\npublish: [grade.amount]\noutput: grade\n"
        let path = try workspace.write("c.yaml", ending(yaml, with: lineBreak))
        let values = [ParameterWriteBack.Value(node: "grade", uniform: "amount", type: .float, numbers: [0.25]),
                      ParameterWriteBack.Value(node: "grade", uniform: "level", type: .float, numbers: [2])]
        let tuned = try ParameterWriteBack.write(values, into: UserFile.readText(path: path))
        #expect(tuned == ending(yaml.replacingOccurrences(of: "amount: 0.5   # half\n", with: "amount: 0.25   # half\n      level: 2\n"), with: lineBreak))
        let mapping = ControlMapping(parameter: ParameterReference(node: "grade", uniform: "amount", location: SourceLocation(file: path, line: 1, column: 1)),
                                     source: .controller(21, fine: false), channel: 1)
        let controlled = try ControlWriteBack.write([mapping], into: SourceText(path: path, text: tuned))
        #expect(controlled == tuned + ending("controls:\n  grade.amount: { cc: 21, channel: 1 }\n", with: lineBreak))
        try workspace.write("c.yaml", controlled)
        #expect(throws: Never.self) { try CompositionLoader.load(path: path) }
    }
}
