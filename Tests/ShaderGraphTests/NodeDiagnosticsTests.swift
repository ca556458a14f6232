@testable import ShaderGraph
import ShaderLanguage
import Testing

@Suite("Which node a problem is about")
struct NodeDiagnosticsTests {
    @Test("a problem in a shader is its node's, one in the composition the node it is declared in, one past the nodes nobody's")
    func mapping() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh")
        try workspace.shader("b.fsh")
        let composition = try workspace.load("""
            nodes:
              picture: { kind: pattern }
              first:
                kind: shader
                file: a.fsh
                inputs: { inputImageTexture: picture }
              second: { kind: shader, file: b.fsh, inputs: { inputImageTexture: first } }
            output: second
            """)
        let path = composition.path
        let problems: [Diagnostic] = [
            .error("in b", at: SourceLocation(file: workspace.path("b.fsh"), line: 3)),
            .error("under first", at: SourceLocation(file: path, line: 6)),
            .error("later under first", at: SourceLocation(file: path, line: 5)),
            .warning("a warning", at: SourceLocation(file: path, line: 2)),
            .error("at the output", at: SourceLocation(file: path, line: 8)),
        ]
        let first = NodeDiagnostics.first(of: problems, in: composition)
        #expect(first.mapValues(\.message) == ["second": "in b", "first": "under first"])
    }
}
