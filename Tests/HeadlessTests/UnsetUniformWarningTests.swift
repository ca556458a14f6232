import Foundation
import TestSupport
import Testing

/// `check` and `render` say where a uniform that nothing sets is declared, as editors' quickfix lists read
/// it, and go on: it is a warning, not an error.
@Suite("Uniforms nothing sets, on the command line")
struct UnsetUniformWarningTests {
    static let shader = "precision mediump float;\nuniform vec2 iResolution;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.xy / iResolution, 0.0, 1.0); }\n"
    static let composition = "nodes:\n  look: { kind: shader, file: look.fsh }\n"

    @Test("check prints file:line:col: warning at the declaration, naming the host the name belongs to, and passes")
    func check() throws {
        let folder = try TemporaryFolder()
        try folder.write("look.fsh", Self.shader)
        let result = try runShaderbench(["check", folder.write("c.yaml", Self.composition)])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("look.fsh:2:14: warning: nothing sets uniform 'iResolution', so it stays 0: 'iResolution' is ShaderToy's"), "\(result.error)")
        #expect(result.error.contains("    uniform vec2 iResolution;\n                 ^"), "\(result.error)")
    }

    @Test("render prints the same warning and renders")
    func render() throws {
        let folder = try TemporaryFolder()
        try folder.write("look.fsh", Self.shader)
        let result = try runShaderbench(["render", folder.write("c.yaml", Self.composition), "--out", folder.file("out.png"), "--size", "4x2"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("look.fsh:2:14: warning: nothing sets uniform 'iResolution'"), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out.png")))
    }
}
