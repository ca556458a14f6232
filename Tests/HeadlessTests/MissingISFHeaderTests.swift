import Foundation
import TestSupport
import Testing

/// A shader that uses ISF's names with no ISF header is read as GLSL, where the driver finds them undeclared;
/// `check` then says that the header is what is missing.
@Suite("ISF's names without an ISF header")
struct MissingISFHeaderTests {
    @Test("the driver's first error about an ISF name gets a note saying the file has no ISF header")
    func note() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("wave.fs", "// a wave\nvoid main() {\n    gl_FragColor = vec4(sin(TIME), gl_FragCoord.xy / RENDERSIZE, 1.0);\n}\n")
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        #expect(result.error.contains("wave.fs:3:29: error: `TIME' undeclared"), "\(result.error)")
        #expect(result.error.contains("note: 'TIME' is ISF's, but this file has no ISF header, so it is read as GLSL"), "\(result.error)")
        #expect(result.error.components(separatedBy: "has no ISF header").count == 2, "said once:\n\(result.error)")
    }

    @Test("a GLSL shader's other undeclared names get no such note")
    func otherNames() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("plain.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(missing); }\n")
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        #expect(!result.error.contains("ISF header"), "\(result.error)")
    }
}
