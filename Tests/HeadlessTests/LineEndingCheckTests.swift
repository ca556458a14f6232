import Foundation
import TestSupport
import Testing

/// `check` through the real driver on files with Windows (CR LF) and classic Mac OS (lone CR) line endings:
/// the driver's errors come out at the user's line and column, as for an LF file.
@Suite("CR LF and CR files through check")
struct LineEndingCheckTests {
    static let broken = "precision mediump float;\n// a comment\nvoid main() {\n    gl_FragColor = vec4(1.0)\n}\n"

    @Test("a compile error in a CR LF or CR shader is at its line and column", arguments: ["\r\n", "\r"])
    func compileError(lineBreak: String) throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("broken.fsh", Self.broken.replacingOccurrences(of: "\n", with: lineBreak))
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        #expect(result.error.contains("broken.fsh:4:29: error: missing ';' at the end of this line"), "\(result.error)")
        #expect(result.error.contains("    gl_FragColor = vec4(1.0)\n"), "\(result.error)")
    }

    @Test("a compile error in a CR LF ISF file is at its line and column after the header")
    func isfCompileError() throws {
        let folder = try TemporaryFolder()
        let isf = "/*{\n  \"ISFVSN\": \"2.0\",\n  \"INPUTS\": [ { \"NAME\": \"amount\", \"TYPE\": \"float\" } ]\n}*/\nvoid main() {\n    gl_FragColor = vec4(amount * missing);\n}\n"
        let shader = try folder.write("broken.fs", isf.replacingOccurrences(of: "\n", with: "\r\n"))
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        #expect(result.error.contains("broken.fs:6:34: error: `missing' undeclared"), "\(result.error)")
    }

    @Test("a compile error in a CR LF composition's shader and a mistake in the composition are at their lines")
    func composition() throws {
        let folder = try TemporaryFolder()
        try folder.write("broken.fsh", Self.broken.replacingOccurrences(of: "\n", with: "\r\n"))
        let good = try folder.write("good.yaml", "# a look\r\nnodes:\r\n  look: { kind: shader, file: broken.fsh }\r\noutput: look\r\n")
        let compiled = try runShaderbench(["check", good])
        #expect(compiled.error.contains("broken.fsh:4:29: error:"), "\(compiled.error)")
        let bad = try folder.write("bad.yaml", "# a look\r\nnodes:\r\n  look: { kind: shader, file: broken.fsh }\r\noutput: elsewhere\r\n")
        let loaded = try runShaderbench(["check", bad])
        #expect(loaded.status == 1)
        #expect(loaded.error.contains("bad.yaml:4:9: error:"), "\(loaded.error)")
    }
}
