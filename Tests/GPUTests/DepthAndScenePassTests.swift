import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// What later passes read of a draw node: its depth, through a depth node, and an image laid under its mesh;
/// and glslViewer's passes around a model. Expected depths come from GL's perspective depth, worked out here: a
/// point `z` in front of a camera clipping at `n` and `f` is stored as ((f + n) / (f − n) − 2fn / ((f − n) z) + 1) / 2.
@Suite("A draw node's depth, background and the passes around it", .serialized)
struct DepthAndScenePassTests {
    func stored(z: Double, near: Double, far: Double) -> Double {
        ((far + near) / (far - near) - 2 * far * near / ((far - near) * z) + 1) / 2
    }

    func executor(_ yaml: String, files: [String: String] = [:], in workspace: GPUWorkspace) throws -> GraphExecutor {
        for (name, text) in files { try workspace.write(name, text) }
        return try GraphExecutor(composition: try workspace.load(yaml))
    }

    @Test("a depth node holds the depth GL stored for the mesh, and the far plane's 1 where nothing was drawn")
    func depthOfAPlane() throws {
        let workspace = try GPUWorkspace()
        // The plane faces the camera 2 units away; the camera clips at 1 and 5.
        let graph = try executor("""
            size: [64, 64]
            nodes:
              scene: { kind: draw, mesh: plane, camera: { position: [0, 0, 2], near: 1, far: 5 }, cull: none }
              deep: { kind: depth, input: scene }
            output: deep
            """, in: workspace)
        let image = try graph.renderFrame(FrameTime(index: 0, fps: 30))
        #expect(image.descriptor.format == .rgba32f)
        let floats = image.readFloats()
        func depth(_ x: Int, _ y: Int) -> Double { Double(floats[(y * 64 + x) * 4]) }
        let expected = stored(z: 2, near: 1, far: 5)
        #expect(abs(expected - 0.625) < 1e-12)
        // 24 bits of depth: within a few parts in ten million.
        #expect(abs(depth(32, 32) - expected) < 1e-6, "\(depth(32, 32))")
        #expect(Array(floats[(32 * 64 + 32) * 4 + 1..<(32 * 64 + 32) * 4 + 4]) == [Float(depth(32, 32)), Float(depth(32, 32)), 1])
        #expect(depth(1, 1) == 1 && depth(62, 62) == 1, "the corners are past the plane's edge")
    }

    @Test("a plane tilted away from the camera stores a depth growing with distance, as the perspective works it out")
    func depthOfATiltedPlane() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("white.frag", "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n")
        try workspace.write("tilt.vert", """
            attribute vec4 a_position;
            uniform mat4 u_modelViewProjectionMatrix;
            void main() {
                // Turned 60° about x: the top edge (y = 0.5) goes back, the bottom edge comes forward.
                float c = 0.5, s = 0.8660254;
                vec4 turned = vec4(a_position.x, a_position.y * c, -a_position.y * s, 1.0);
                gl_Position = u_modelViewProjectionMatrix * turned;
            }
            """)
        let graph = try executor("""
            size: [101, 101]
            nodes:
              scene: { kind: draw, mesh: plane, vertex: tilt.vert, file: white.frag, camera: { position: [0, 0, 3], near: 1, far: 10 }, cull: none }
              deep: { kind: depth, input: scene }
            output: deep
            """, in: workspace)
        let floats = try graph.renderFrame(FrameTime(index: 0, fps: 30)).readFloats()
        let column = (0..<101).map { Double(floats[($0 * 101 + 50) * 4]) }
        let drawn = column.enumerated().filter { $0.element < 1 }
        #expect(drawn.count > 10)
        // Depth grows up the picture (toward row 0, the top), where the plane is farther.
        let values = drawn.map(\.element)
        #expect(values.first! > values.last!, "top \(values.first!), bottom \(values.last!)")
        // The centre of the plane is at the target, 3 units away.
        #expect(abs(column[50] - stored(z: 3, near: 1, far: 10)) < 1e-4, "\(column[50])")
    }

    @Test("a depth node's mistakes are located: a node that is not a draw node, and a draw node without depth")
    func depthMistakes() throws {
        let workspace = try GPUWorkspace()
        for (source, words) in [("photo: { kind: pattern }", "is a pattern node"), ("photo: { kind: draw, mesh: cube, depth: false }", "keeps no depth")] {
            let error = try #require(throws: DiagnosticsError.self) {
                try workspace.load("""
                    nodes:
                      \(source)
                      deep: { kind: depth, input: photo }
                    output: deep
                    """)
            }
            let problem = try #require(error.diagnostics.first { $0.code == .drawDepth }, "\(error.diagnostics)")
            #expect(problem.message.contains(words) && problem.location?.line == 3, "\(problem)")
        }
    }

    @Test("background: an image node lays that image under the mesh, stretched to the draw's size")
    func backgroundImage() throws {
        let workspace = try GPUWorkspace()
        let graph = try executor("""
            size: [64, 64]
            nodes:
              sky: { kind: pattern, pattern: checker, size: [32, 32] }
              scene: { kind: draw, mesh: sphere, file: red.frag, background: sky, camera: { position: [0, 0, 4] } }
            output: scene
            """, files: ["red.frag": "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n"], in: workspace)
        let image = try graph.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // 8 × 8 squares over 64 pixels: white at the first, black at the second; the red sphere in the middle.
        #expect([image[1, 1].g, image[9, 1].g, image[1, 9].g, image[9, 9].g] == [255, 0, 0, 255], "\(image[1, 1]) \(image[9, 1])")
        #expect(image[32, 32].r == 255 && image[32, 32].g == 0 && image[32, 32].b == 0, "\(image[32, 32])")
    }

    /// A model's fragment file as glslViewer's examples write it: a background, the model, and a pass after it.
    static let scenePasses = """
        #ifdef GL_ES
        precision highp float;
        #endif
        uniform sampler2D u_scene;
        uniform sampler2D u_sceneDepth;
        uniform vec2 u_resolution;
        uniform float u_cameraFarClip;
        varying vec4 v_position;
        void main() {
            vec2 st = gl_FragCoord.xy / u_resolution;
            vec3 colour;
        #if defined( BACKGROUND )
            colour = vec3(0.2, 0.4, 0.6);
        #elif defined(POSTPROCESSING)
            float depth = texture2D(u_sceneDepth, st).r;
            colour = texture2D(u_scene, st).rgb + vec3(depth < 1.0 ? 0.0 : 0.2, 0.0, u_cameraFarClip / 100.0);
        #else
            colour = vec3(1.0, 0.5, 0.0);
        #endif
            gl_FragColor = vec4(colour, 1.0);
        }
        """

    @Test("a model's file that tests BACKGROUND and POSTPROCESSING draws the background, the model over it, then the pass that reads both")
    func glslViewerScenePasses() throws {
        let workspace = try GPUWorkspace()
        let graph = try executor("""
            size: [64, 64]
            nodes:
              head: { kind: draw, mesh: plane, file: look.frag, camera: { position: [0, 0, 2], far: 50 }, cull: none }
            output: head
            """, files: ["look.frag": Self.scenePasses], in: workspace)
        let image = try graph.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        // The corner: the background's (0.2, 0.4, 0.6) plus 0.2 red where nothing is nearer than the far plane,
        // and blue u_cameraFarClip / 100 = 0.5 more.
        let corner = image[1, 1]
        #expect(abs(Int(corner.r) - 102) <= 1 && abs(Int(corner.g) - 102) <= 1 && corner.b == 255, "\(corner)")
        // The plane: its own colour, nearer than the far plane, plus the same blue.
        let middle = image[32, 32]
        #expect(middle.r == 255 && abs(Int(middle.g) - 128) <= 1 && abs(Int(middle.b) - 128) <= 1, "\(middle)")
    }
}
