import Foundation
import Images
import TestSupport
import Testing

/// `#include` as `check` and `render` run it: the included text drawn, include guards honoured, `--include`
/// searched, and the driver's errors inside an included file reported at that file's own line.
@Suite("#include in renders")
struct ShaderIncludeRenderTests {
    @Test("an included file found with --include draws, its guard keeping a second include out")
    func renders() throws {
        let folder = try TemporaryFolder()
        try folder.write("lib/colour.glsl", "#ifndef COLOUR_GLSL\n#define COLOUR_GLSL\nvec4 colour() { return vec4(0.0, 1.0, 0.0, 1.0); }\n#endif\n")
        let shader = try folder.write("look.fsh", "precision mediump float;\n#include \"colour.glsl\"\n#include \"colour.glsl\"\nvoid main() { gl_FragColor = colour(); }\n")
        let result = try runShaderbench(["render", shader, "--include", folder.file("lib"), "--out", folder.file("out.png"), "--size", "4x2"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("out.png"))[0, 0] == (0, 255, 0, 255))
    }

    @Test("a compile error inside an included file is reported at that file's line and column")
    func errorInInclude() throws {
        let folder = try TemporaryFolder()
        try folder.write("colour.glsl", "// colours\nvec4 colour() { return vec4(0.0, 1.0, 0.0, 1.0) }\n")
        let shader = try folder.write("look.fsh", "precision mediump float;\n#include \"colour.glsl\"\nvoid main() { gl_FragColor = colour(); }\n")
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        #expect(result.error.contains("colour.glsl:2:"), "\(result.error)")
        #expect(!result.error.contains("look.fsh:3"), "\(result.error)")
    }

    @Test("an include found nowhere names the folders looked in in full, the working folder too, never '.'")
    func missingIncludeNamesTheFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("look.fsh", "precision mediump float;\n#include \"nowhere.glsl\"\nvoid main() { gl_FragColor = vec4(1.0); }\n")
        let result = try runShaderbench(["check", "look.fsh"], in: folder.path)
        #expect(result.status == 1)
        let working = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        #expect(result.error.contains("#include \"nowhere.glsl\": no such file in '\(working)';"), "\(result.error)")
    }
}
