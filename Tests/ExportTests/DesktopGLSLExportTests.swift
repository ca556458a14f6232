import Foundation
import TestSupport
import Testing

/// A shader written for desktop GLSL is exported as the GLSL ES the workbench runs for it, so the app's GLES
/// driver compiles it without a translator and draws what `render` draws.
@Suite("Exported desktop GLSL", .serialized)
struct DesktopGLSLExportTests {
    @Test("C: a desktop GLSL shader exports as its GLSL ES translation and matches render", arguments: DesktopGLSLShader.allCases)
    func c(shader: DesktopGLSLShader) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(shader.rawValue, shader.text)
        try ExportFaithfulnessTests.checkC(path)
    }

    @Test("C: a vertex shader of the shader's own written for desktop GLSL exports as its translation and matches render")
    func cVertex() throws {
        let folder = try TemporaryFolder()
        try folder.write("raised.vsh", DesktopGLSLShader.vertexShader)
        try ExportFaithfulnessTests.checkC(try folder.write("raised.fsh", DesktopGLSLShader.vertexShaderFragment))
    }
}
