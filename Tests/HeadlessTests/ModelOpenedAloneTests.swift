import Foundation
import Images
import Testing
import TestSupport

/// A model file opened on its own, as glslViewer opens one: drawn with the workbench's stages and framed as
/// glslViewer frames it (at the bounding box's middle from +z, twice the box's reach away, with its default
/// camera's 45 radians of field of view).
@Suite("Models opened on their own")
struct ModelOpenedAloneTests {
    @Test("render of assimp-testmodels' PLY cube shows its near face where glslViewer's framing puts it")
    func framedCube() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("cube.png")
        let result = try runShaderbench(["render", "/usr/share/assimp/models/PLY/cube.ply", "--out", out])
        #expect(result.status == 0, "\(result.error)")
        let image = try ImageFile.read(path: out)
        // The cube spans 0 to 1: its middle is (0.5, 0.5, 0.5), its reach √3, so the camera is 2√3 in front of the
        // middle and the near face (z = 1) 2√3 − 0.5 from it. 45 radians turned is 45 − 14π, the field of view.
        let fieldOfView = 45 - 14 * Double.pi
        let distance = 2 * 3.0.squareRoot() - 0.5
        let reach = 0.5 / distance / tan(fieldOfView / 2) * Double(image.height) / 2
        let (cx, cy) = (image.width / 2, image.height / 2)
        for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
            let pixel = image[cx + Int(Double(dx) * (reach - 3)), cy + Int(Double(dy) * (reach - 3))]
            #expect(pixel.r > 40 && pixel.r == pixel.g && pixel.g == pixel.b, "inside at \(dx), \(dy): \(pixel)")
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let pixel = image[cx + Int(Double(dx) * (reach + 3)), cy + Int(Double(dy) * (reach + 3))]
            #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 0, "outside at \(dx), \(dy): \(pixel)")
        }
        #expect(result.error.contains("cube.ply has no normals; smooth ones were made for it"), "\(result.error)")
    }

    @Test("shaderbench MODEL FRAGMENT VERTEX, as glslViewer takes them: the shaders named draw the model")
    func withStages() throws {
        let folder = try TemporaryFolder()
        try folder.write("defined.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            void main() {
            #ifdef MODEL_VERTEX_NORMAL
                gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);
            #else
                gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
            #endif
            }
            """)
        try folder.write("away.vert", """
            uniform mat4 u_modelViewProjectionMatrix;
            attribute vec4 a_position;
            void main() { gl_Position = u_modelViewProjectionMatrix * (a_position + vec4(100.0, 0.0, 0.0, 0.0)); }
            """)
        let model = "/usr/share/assimp/models/PLY/cube.ply"
        let centre = { (image: RGBAImage) in image[image.width / 2, image.height / 2] }
        let lit = try runShaderbench(["render", model, folder.file("defined.frag"), "--out", folder.file("lit.png")])
        #expect(lit.status == 0, "\(lit.error)")
        let litCentre = centre(try ImageFile.read(path: folder.file("lit.png")))
        #expect(litCentre.r == 0 && litCentre.g == 255, "\(litCentre)")
        let moved = try runShaderbench(["render", model, folder.file("away.vert"), folder.file("defined.frag"), "--out", folder.file("away.png")])
        #expect(moved.status == 0, "\(moved.error)")
        let movedCentre = centre(try ImageFile.read(path: folder.file("away.png")))
        #expect(movedCentre.r == 0 && movedCentre.g == 0, "the vertex stage moved the cube out of the picture: \(movedCentre)")
        let refused = try runShaderbench(["check", Repository.path("compositions/sepia.yaml"), folder.file("defined.frag")])
        #expect(refused.status != 0 && refused.error.contains("only a model file is followed by shaders"), "\(refused.error)")
    }

    @Test("a model assimp cannot read, opened on its own, is an error at the file")
    func unreadable() throws {
        let folder = try TemporaryFolder()
        let model = try folder.write("broken.obj", "not a model at all\n")
        let result = try runShaderbench(["check", model])
        #expect(result.status != 0)
        // At the file, with no line: the composition is the workbench's own words, not lines of the model.
        #expect(result.error.hasPrefix("\(model): error: \(model): assimp cannot read it") && result.error.contains("[SB2301]"), "\(result.error)")
        let fine = try runShaderbench(["check", "/usr/share/assimp/models/PLY/cube.ply"])
        #expect(fine.status == 0 && fine.output.contains("ok (1 shader compiled)"), "\(fine.output) \(fine.error)")
    }
}
