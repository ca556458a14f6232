import Foundation
import Testing
import TestSupport
@testable import ShaderGraph
import ShaderLanguage

/// Diagnostic codes: one number each, each explained with an example fix, the guide's page made from the same
/// list, and the code printed after the message where a problem carries one.
@Suite("Diagnostic codes")
struct DiagnosticCodeTests {
    @Test("every code is unique, titled, explained and has an example with its fix")
    func codesAreExplained() {
        let numbers = DiagnosticCode.all.map(\.number)
        #expect(Set(numbers).count == numbers.count)
        for code in DiagnosticCode.all {
            #expect((1000...9999).contains(code.number))
            #expect(!code.title.isEmpty && !code.title.hasSuffix("."), "\(code)")
            #expect(code.explanation.count > 60, "\(code)")
            #expect(code.example.contains("fixed"), "\(code) shows the fix")
        }
        #expect(DiagnosticCode.named("sb4004") == .controlNotPublished)
        #expect(DiagnosticCode.named("4004") == .controlNotPublished)
        #expect(DiagnosticCode.named("SB0000") == nil)
    }

    @Test("docs/diagnostics.md is the page `shaderbench explain --markdown` writes")
    func pageIsCurrent() throws {
        let page = try String(contentsOfFile: Repository.path("docs/diagnostics.md"), encoding: .utf8)
        #expect(page == DiagnosticCode.markdown, "run `shaderbench explain --markdown > docs/diagnostics.md`")
    }

    @Test("the code follows the message's first line, as a compiler's flag does")
    func codeIsPrinted() throws {
        let workspace = try Workspace()
        let problems = try workspace.diagnostics("composition: 1\nnodes:\n  fill: { kind: shadr }\n")
        let problem = try #require(problems.first)
        #expect(problem.code == .unknownNodeKind)
        #expect(problem.description.hasSuffix("unknown node kind 'shadr'; did you mean 'shader'? [SB2001]"))
        var multiline = problem
        multiline.message = "first\nsecond"
        #expect(multiline.description.hasSuffix("error: first [SB2001]\nsecond"))
        #expect(try workspace.diagnostics("composition: 1\nnodes: [\n").first?.code == .yamlSyntax)
        #expect(try workspace.diagnostics("composition: 1\n").first?.code == .noNodes)
        #expect(try workspace.diagnostics("composition: 1\nnodez: {}\n").contains { $0.code == .unknownKey })
    }

    @Test("shader files' problems carry theirs: an ISF header, an #include, an annotation")
    func shaderFileCodes() throws {
        let workspace = try Workspace()
        func code(of shader: String) throws -> DiagnosticCode? {
            try workspace.write("s.fs", shader)
            return try workspace.diagnostics("composition: 1\nnodes:\n  fill: { kind: shader, file: s.fs }\n").first?.code
        }
        #expect(try code(of: "/*{ \"INPUTS\": [ { \"NAME\" \"a\" } ] }*/\nvoid main() { gl_FragColor = vec4(1.0); }") == .isfJSON)
        #expect(try code(of: "/*{ \"INPUTS\": [ { \"NAME\": \"a\", \"TYPE\": \"colour\" } ] }*/\nvoid main() { gl_FragColor = vec4(1.0); }") == .isfHeader)
        #expect(try code(of: "#include \"gone.glsl\"\nvoid main() { gl_FragColor = vec4(1.0); }") == .include)
        #expect(try code(of: "uniform float a; // range: 0 to 1\nvoid main() { gl_FragColor = vec4(a); }") == .annotation)
    }
}
