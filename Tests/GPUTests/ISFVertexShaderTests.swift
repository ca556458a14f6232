import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// An ISF shader's own vertex stage: the `.vs` beside the `.fs`, feeding varyings to the fragment stage.
@Suite("ISF vertex shaders", .serialized)
struct ISFVertexShaderTests {
    let image = gradientImage(width: 40, height: 24)

    func build(vertex: String, fragment: String = "varying vec2 shifted;\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, shifted); }") throws -> (GPUWorkspace, Composition) {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        try workspace.write("shift.fs", """
            /*{ "ISFVSN": "2", "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" } ] }*/
            \(fragment)
            """)
        try workspace.write("shift.vs", vertex)
        let composition = try workspace.load("""
            size: [40, 24]
            nodes:
              photo: { kind: image, file: in.png }
              fx: { kind: shader, file: shift.fs, inputs: { inputImage: photo } }
            output: fx
            """)
        return (workspace, composition)
    }

    @Test("varyings the .vs computes from isf_FragNormCoord reach the fragment stage, y up as in ISF; ISF 1's names and an image's _NAME_imgSize work there too",
          arguments: [
              "isf_vertShaderInit();\n    shifted = isf_FragNormCoord + vec2(3.0, 2.0) / RENDERSIZE;",
              "vv_vertShaderInit();\n    shifted = vv_FragNormCoord + vec2(3.0, 2.0) / _inputImage_imgSize;",
          ])
    func varyingsFromTheVertexShader(body: String) throws {
        // Three pixels to the right and two up (y points up in ISF); the render is the image's size.
        let (workspace, composition) = try build(vertex: "varying vec2 shifted;\nvoid main() {\n    \(body)\n}\n")
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // Two up in ISF is two rows nearer the top in the stored image.
        for (x, y) in [(5, 5), (20, 12), (30, 20)] {
            #expect(output[x, y] == image[x + 3, y - 2], "at \(x),\(y)")
        }
        withExtendedLifetime(workspace) {}
    }

    @Test("the fragment stage reads the isf_FragNormCoord its .vs wrote, as a varying; either file may declare it itself", arguments: [
        ("void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }", ""),
        ("varying vec2 isf_FragNormCoord;\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }", ""),
        ("varying vec2 isf_FragNormCoord;\nvoid main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }",
         "varying vec2 isf_FragNormCoord;\n"),
        ("void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }", "varying highp vec2 vv_FragNormCoord;\n"),
    ])
    func fragNormCoordFromTheVertexShader(fragment: String, vertexDeclaration: String) throws {
        let vertex = vertexDeclaration + "void main() {\n    isf_vertShaderInit();\n    isf_FragNormCoord += vec2(3.0, 2.0) / RENDERSIZE;\n}\n"
        let (workspace, composition) = try build(vertex: vertex, fragment: fragment)
        let output = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        for (x, y) in [(5, 5), (20, 12), (30, 20)] {
            #expect(output[x, y] == image[x + 3, y - 2], "at \(x),\(y)")
        }
        withExtendedLifetime(workspace) {}
    }

    @Test("an error in the .vs is reported at its own file, line and column")
    func errorsInTheVertexShader() throws {
        let (workspace, composition) = try build(vertex: """
            varying vec2 shifted;
            void main() {
                isf_vertShaderInit();
                shifted = isf_FragNormCoord + missingOffset;
            }
            """)
        #expect {
            _ = try GraphExecutor(composition: composition)
        } throws: { error in
            let first = (error as? DiagnosticsError)?.diagnostics.first
            return first?.location?.file.hasSuffix("shift.vs") == true && first?.location?.line == 4 && first?.location?.column == 35
        }
        withExtendedLifetime(workspace) {}
    }
}
