import Foundation
import Images
import TestSupport
import Testing

/// Shaders written for desktop OpenGL, which the driver refuses as GLSL ES, pass `check` and render their
/// colours through their translation; one broken in every profile is reported at the user's line.
@Suite("Desktop GLSL shaders", .serialized)
struct DesktopGLSLTests {
    /// `check` passes the shader at `path` and `render` draws `colour` everywhere.
    func expectChecksAndDraws(_ path: String, colour: [UInt8], in folder: TemporaryFolder) throws {
        let check = try runShaderbench(["check", path])
        #expect(check.status == 0, "\(check.error)")
        #expect(check.output == "\(path): ok (1 shader compiled)\n")

        let render = try runShaderbench(["render", path, "--out", folder.file("out.png"), "--size", "8x8"])
        try #require(render.status == 0, "\(render.error)")
        let image = try ImageFile.read(path: folder.file("out.png"))
        for (x, y) in [(0, 0), (4, 4), (7, 7)] {
            let pixel = image[x, y]
            #expect([pixel.r, pixel.g, pixel.b, pixel.a] == colour, "pixel (\(x), \(y))")
        }
    }

    @Test("check passes a desktop GLSL shader and render draws its colour", arguments: DesktopGLSLShader.allCases)
    func checkAndRender(shader: DesktopGLSLShader) throws {
        let folder = try TemporaryFolder()
        try expectChecksAndDraws(try folder.write(shader.rawValue, shader.text), colour: shader.colour, in: folder)
    }

    @Test("a vertex shader of the shader's own that only desktop GLSL accepts is translated: check passes and render draws through it")
    func desktopVertexShader() throws {
        let folder = try TemporaryFolder()
        try folder.write("raised.vsh", DesktopGLSLShader.vertexShader)
        let path = try folder.write("raised.fsh", DesktopGLSLShader.vertexShaderFragment)
        try expectChecksAndDraws(path, colour: DesktopGLSLShader.vertexShaderColour, in: folder)
    }

    @Test("a vertex shader broken in every profile reports the driver's errors at its own lines, glslang's under them")
    func brokenVertexShader() throws {
        let folder = try TemporaryFolder()
        let vertex = try folder.write("raised.vsh", DesktopGLSLShader.vertexShader.replacingOccurrences(of: "position * one", with: "position * missing"))
        let path = try folder.write("raised.fsh", DesktopGLSLShader.vertexShaderFragment)
        let result = try runShaderbench(["check", path])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(vertex):5:") && $0.contains("error: ") && $0.contains("missing") }, "\(result.error)")
        #expect(lines.contains { $0.hasPrefix("\(vertex):5:") && $0.contains("note: as desktop GLSL: ") && $0.contains("missing") }, "\(result.error)")
        #expect(!lines.contains { $0.contains("prelude") })
    }

    @Test("a shader broken as GLSL ES and as desktop GLSL reports the driver's errors at the user's lines, glslang's under them")
    func brokenEverywhere() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.fsh", DesktopGLSLShader.brokenEverywhere)
        let result = try runShaderbench(["check", path])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        // The driver's own: the int initialiser (GLSL ES only) and the undeclared name.
        #expect(lines.contains { $0.hasPrefix("\(path):3:5: error: ") })
        #expect(lines.contains { $0.hasPrefix("\(path):4:25: error: ") && $0.contains("undeclaredThing") })
        // glslang's reading of the same line, as desktop GLSL, is a note under it at the same place.
        #expect(lines.contains { $0.hasPrefix("\(path):4:25: note: as desktop GLSL: ") && $0.contains("undeclaredThing") })
        #expect(!lines.contains { $0.contains("prelude") })
    }
}
