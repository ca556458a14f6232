import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Draw nodes: a mesh drawn with depth through a camera. Expected pictures come from the perspective arithmetic
/// done here: a camera `d` units in front of a face half `h` wide with a vertical field of view `f` puts the face's
/// edge at `h / d / tan(f / 2)` of the way from the centre to the picture's edge.
@Suite("Draw nodes", .serialized)
struct DrawNodeTests {
    /// Colours each face by its normal: +z (facing the camera) is (128, 128, 255), -z (128, 128, 0).
    static let normalColours = """
        precision highp float;
        varying vec3 v_normal;
        void main() { gl_FragColor = vec4(v_normal * 0.5 + 0.5, 1.0); }
        """

    func render(_ yaml: String, files: [String: String] = [:]) throws -> RGBAImage {
        let workspace = try GPUWorkspace()
        for (name, text) in files { try workspace.write(name, text) }
        let executor = try GraphExecutor(composition: try workspace.load(yaml))
        return try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let pixel = image[x, y]
        return [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
    }

    func close(_ a: [Int], _ b: [Int], within tolerance: Int = 1) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("a cube seen face on from 3 units fills the square the perspective puts its front face in, and nothing else")
    func frontFace() throws {
        let image = try render("""
            size: [200, 200]
            nodes:
              cube: { kind: draw, mesh: cube, file: normal.frag, camera: { position: [0, 0, 3], target: [0, 0, 0], fov: 45 } }
            output: cube
            """, files: ["normal.frag": Self.normalColours])
        // The front face is 0.5 from the centre, 2.5 from the camera.
        let reach = 0.5 / 2.5 / tan(45.0 / 2 * .pi / 180)
        let low = Int((100 * (1 - reach)).rounded(.up)), high = Int((100 * (1 + reach)).rounded(.down))
        #expect(low == 52 && high == 148)
        for (x, y) in [(100, 100), (low + 1, 100), (high - 1, 100), (100, low + 1), (100, high - 1), (low + 1, low + 1), (high - 1, high - 1)] {
            #expect(close(rgb(image, x, y), [128, 128, 255]), "(\(x), \(y)) is \(rgb(image, x, y))")
        }
        for (x, y) in [(low - 2, 100), (high + 2, 100), (100, low - 2), (100, high + 2), (0, 0), (199, 199)] {
            #expect(rgb(image, x, y) == [0, 0, 0], "(\(x), \(y)) is \(rgb(image, x, y))")
        }
    }

    @Test("a model file is drawn where its own coordinates put it: assimp-testmodels' PLY cube, 0 to 1 on each axis")
    func modelFile() throws {
        let image = try render("""
            size: [200, 200]
            nodes:
              cube:
                kind: draw
                mesh: /usr/share/assimp/models/PLY/cube.ply
                file: white.frag
                camera: { position: [0.5, 0.5, 3], target: [0.5, 0.5, 0.5] }
            output: cube
            """, files: ["white.frag": "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }\n"])
        // Its near face, z = 1, is 2 from the camera and reaches 0.5 either side of its centre.
        let reach = 0.5 / 2.0 / tan(45.0 / 2 * .pi / 180)
        let low = 100 * (1 - reach), high = 100 * (1 + reach)
        for (x, y) in [(Int(low) + 2, 100), (Int(high) - 2, 100), (100, Int(low) + 2), (100, Int(high) - 2)] {
            #expect(rgb(image, x, y) == [255, 255, 255], "(\(x), \(y)) is \(rgb(image, x, y))")
        }
        for (x, y) in [(Int(low) - 2, 100), (Int(high) + 2, 100), (100, Int(low) - 2), (100, Int(high) + 2)] {
            #expect(rgb(image, x, y) == [0, 0, 0], "(\(x), \(y)) is \(rgb(image, x, y))")
        }
    }

    @Test("instances: the mesh drawn once per gl_InstanceID, each where its instance puts it")
    func instances() throws {
        let image = try render("""
            size: [90, 30]
            nodes:
              row: { kind: draw, mesh: plane, vertex: row.vert, file: white.frag, instances: 3, camera: { position: [0, 0, 3] } }
            output: row
            """, files: ["white.frag": "#version 300 es\nprecision highp float;\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }\n",
                         "row.vert": """
                #version 300 es
                uniform mat4 u_modelViewProjectionMatrix;
                in vec4 a_position;
                void main() {
                    // Instances 0, 1, 2 at x = -1, 0, 1, a fifth of the plane's size each.
                    gl_Position = u_modelViewProjectionMatrix * vec4(a_position.xyz * 0.2 + vec3(float(gl_InstanceID) - 1.0, 0.0, 0.0), 1.0);
                }
                """])
        // One unit at 3 from the camera is 1 / 3 / tan(22.5°) ≈ 0.80 of the picture's half height (15 pixels), and the
        // projection keeps pixels square, so it is as many pixels across: about 12.
        let unit = 15 * (1 / 3 / tan(22.5 * Double.pi / 180))
        for instance in 0..<3 {
            let x = Int((45 + (Double(instance) - 1) * unit).rounded())
            #expect(rgb(image, x, 15) == [255, 255, 255], "instance \(instance) at \(x): \(rgb(image, x, 15))")
        }
        #expect(rgb(image, Int((45 + 0.5 * unit).rounded()), 15) == [0, 0, 0], "between instances")
    }

    @Test("blend: add sums overlapping fragments, alpha lays each over what is there by its alpha, none replaces")
    func blending() throws {
        // Two instances of the plane, one over the other, each fragment (0.25, 0.5, 0, 0.5).
        let stages = ["quarter.frag": "#version 300 es\nprecision highp float;\nout vec4 colour;\nvoid main() { colour = vec4(0.25, 0.5, 0.0, 0.5); }\n",
                      "twice.vert": """
                          #version 300 es
                          uniform mat4 u_modelViewProjectionMatrix;
                          in vec4 a_position;
                          void main() { gl_Position = u_modelViewProjectionMatrix * vec4(a_position.xy, 0.1 * float(gl_InstanceID), 1.0); }
                          """]
        func centre(_ blend: String) throws -> [Int] {
            rgb(try render("""
                size: [16, 16]
                nodes:
                  twice: { kind: draw, mesh: plane, vertex: twice.vert, file: quarter.frag, instances: 2, blend: \(blend), depth: false,
                           background: [0, 0, 1] }
                output: twice
                """, files: stages), 8, 8)
        }
        // Added: twice the colour over the blue background. Over by alpha, twice: c = 0.5 f + 0.5 (0.5 f + 0.5 b).
        let (added, over, replaced) = (try centre("add"), try centre("alpha"), try centre("none"))
        #expect(close(added, [128, 255, 255]), "\(added)")
        #expect(close(over, [Int((0.75 * 0.25 * 255).rounded()), Int((0.75 * 0.5 * 255).rounded()), Int((0.25 * 255).rounded())]), "\(over)")
        #expect(close(replaced, [64, 128, 0]), "\(replaced)")
    }

    @Test("several meshes are drawn in order by the same stages into one image: the last drawn wins without depth, the nearest with it")
    func severalMeshes() throws {
        // Red is the fragment's world z: the cube's near face is at 0.5, the plane inside it at 0.
        let depthColour = ["z.frag": "precision highp float;\nvarying vec4 v_position;\nvoid main() { gl_FragColor = vec4(v_position.z, 0.0, 0.0, 1.0); }\n"]
        func centre(_ meshes: String, depth: Bool) throws -> Int {
            rgb(try render("""
                size: [32, 32]
                nodes:
                  both: { kind: draw, mesh: \(meshes), file: z.frag, depth: \(depth) }
                output: both
                """, files: depthColour), 16, 16)[0]
        }
        #expect(try centre("[cube, plane]", depth: false) == 0)
        #expect(abs(try centre("[plane, cube]", depth: false) - 128) <= 1)
        #expect(abs(try centre("[cube, plane]", depth: true) - 128) <= 1)
    }

    @Test("the picture is upright: world +y at the top of the image, +x at its right")
    func upright() throws {
        let image = try render("""
            size: [64, 64]
            nodes:
              plane: { kind: draw, mesh: plane, file: quadrants.frag }
            output: plane
            """, files: ["quadrants.frag": """
                precision highp float;
                varying vec4 v_position;
                void main() { gl_FragColor = vec4(step(0.0, v_position.x), step(0.0, v_position.y), 0.0, 1.0); }
                """])
        // The plane reaches 0.5 / 3 / tan(22.5°) ≈ 0.40 of each half, 12.9 pixels: pixels 8 from the centre are on it.
        #expect(rgb(image, 24, 24) == [0, 255, 0], "top left is \(rgb(image, 24, 24))")
        #expect(rgb(image, 40, 24) == [255, 255, 0], "top right is \(rgb(image, 40, 24))")
        #expect(rgb(image, 24, 40) == [0, 0, 0], "bottom left is \(rgb(image, 24, 40))")
        #expect(rgb(image, 40, 40) == [255, 0, 0], "bottom right is \(rgb(image, 40, 40))")
        #expect(rgb(image, 40, 2) == [0, 0, 0], "off the plane is \(rgb(image, 40, 2))")
    }

    @Test("with depth, the near face hides the far one whatever order they are drawn in; without, the last drawn wins")
    func depthOrder() throws {
        // The cube's faces are drawn +x, -x, +y, -y, +z, -z: the far face (-z) comes after the near one.
        let scene = { (depth: Bool) in """
            size: [64, 64]
            nodes:
              cube: { kind: draw, mesh: cube, file: normal.frag, cull: none, depth: \(depth) }
            output: cube
            """ }
        #expect(close(rgb(try render(scene(true), files: ["normal.frag": Self.normalColours]), 32, 32), [128, 128, 255]))
        #expect(close(rgb(try render(scene(false), files: ["normal.frag": Self.normalColours]), 32, 32), [128, 128, 0]))
    }

    @Test("culling the front faces shows the inside of the cube's far face")
    func frontCulling() throws {
        let image = try render("""
            size: [64, 64]
            nodes:
              cube: { kind: draw, mesh: cube, file: normal.frag, cull: front }
            output: cube
            """, files: ["normal.frag": Self.normalColours])
        #expect(close(rgb(image, 32, 32), [128, 128, 0]))
    }

    @Test("with no stages of its own, a sphere is lit by the default light as the diffuse arithmetic says")
    func defaultStages() throws {
        let image = try render("""
            size: [101, 101]
            nodes:
              ball: { kind: draw, mesh: sphere }
            output: ball
            """)
        // At the centre the sphere faces +z at (0, 0, 0.5); the light is at (2, 4, 3): diffuse is the cosine between them.
        let toLight = SIMD3<Double>(2, 4, 2.5)
        let diffuse = 2.5 / (toLight * toLight).sum().squareRoot()
        let expected = Int(((0.2 + 0.8 * diffuse) * 255).rounded())
        #expect(close(rgb(image, 50, 50), [expected, expected, expected], within: 2), "\(rgb(image, 50, 50)) against \(expected)")
        #expect(rgb(image, 0, 0) == [0, 0, 0])
    }

    @Test("a GLSL ES 3.00 vertex stage of the user's, with the workbench's fragment stage in its version; a literal uniform and the background")
    func userVertexStage() throws {
        let image = try render("""
            size: [64, 64]
            nodes:
              cube:
                kind: draw
                mesh: cube
                vertex: grow.vert
                uniforms: { scale: 0.25 }
                background: [0, 0, 1]
            output: cube
            """, files: ["grow.vert": """
                #version 300 es
                uniform mat4 u_modelViewProjectionMatrix;
                uniform float scale;
                in vec4 a_position;
                out vec4 v_position;
                out vec3 v_normal;
                out vec4 v_color;
                void main() {
                    v_position = a_position;
                    v_normal = vec3(0.0, 0.0, 1.0);
                    v_color = vec4(1.0, 0.0, 0.0, 1.0);
                    gl_Position = u_modelViewProjectionMatrix * vec4(a_position.xyz * scale, 1.0);
                }
                """])
        // Shrunk to a quarter, the front face reaches 0.125 / 2.875 / tan(22.5°) ≈ 0.105 of the half: 3 pixels.
        #expect(rgb(image, 32, 32)[0] > 100 && rgb(image, 32, 32)[1] == 0)
        #expect(rgb(image, 32, 26) == [0, 0, 255], "\(rgb(image, 32, 26))")
    }

    @Test("an image wired into the fragment stage is sampled by the mesh's texture coordinates, t = 0 at the image's bottom")
    func texturedPlane() throws {
        let workspace = try GPUWorkspace()
        // Top half red, bottom half green.
        let picture = RGBAImage(width: 8, height: 8, pixels: (0..<64).flatMap { $0 < 32 ? [255, 0, 0, 255] : [0, 255, 0, 255] as [UInt8] })
        try workspace.writePNG("halves.png", picture)
        try workspace.write("textured.frag", """
            precision highp float;
            uniform sampler2D picture;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = texture2D(picture, v_texcoord); }
            """)
        let composition = try workspace.load("""
            size: [64, 64]
            nodes:
              halves: { kind: image, file: halves.png }
              plane: { kind: draw, mesh: plane, file: textured.frag, inputs: { picture: halves } }
            output: plane
            """)
        let image = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect(rgb(image, 32, 20) == [255, 0, 0], "\(rgb(image, 32, 20))")
        #expect(rgb(image, 32, 44) == [0, 255, 0], "\(rgb(image, 32, 44))")
    }

    @Test("a still draw node does not move; one that reads u_time does")
    func motion() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("still.frag", Self.normalColours)
        try workspace.write("moving.frag", """
            precision highp float;
            uniform float u_time;
            void main() { gl_FragColor = vec4(fract(u_time), 0.0, 0.0, 1.0); }
            """)
        for (file, expected) in [("still.frag", GraphExecutor.Motion.still), ("moving.frag", .continuous)] {
            let executor = try GraphExecutor(composition: try workspace.load("""
                nodes:
                  cube: { kind: draw, mesh: cube, file: \(file) }
                output: cube
                """))
            #expect(executor.motion(of: "cube") == expected)
        }
    }

    @Test("a fragment stage that does not compile is reported at its own line")
    func compileErrorLocated() throws {
        let workspace = try GPUWorkspace()
        let path = try workspace.write("broken.frag", """
            precision highp float;
            varying vec3 v_normal;
            void main() {
                gl_FragColor = vec4(undeclaredThing, 1.0);
            }
            """)
        let composition = try workspace.load("""
            nodes:
              cube: { kind: draw, mesh: cube, file: broken.frag }
            output: cube
            """)
        let error = try #require(throws: DiagnosticsError.self) { try GraphExecutor(composition: composition) }
        let located = error.diagnostics.first { $0.location?.file == path && $0.location?.line == 4 }
        #expect(located != nil, "\(error.diagnostics.map(\.description))")
    }

    @Test("a vertex stage that never writes gl_Position, and one reading an attribute the mesh lacks, are refused at their lines")
    func vertexStageMistakes() throws {
        let workspace = try GPUWorkspace()
        let noPosition = try workspace.write("none.vert", """
            attribute vec4 a_position;
            varying vec4 v_position;
            void main() {
                v_position = a_position;
            }
            """)
        let colours = try workspace.write("colours.vert", """
            uniform mat4 u_modelViewProjectionMatrix;
            attribute vec4 a_position;
            attribute vec4 a_color;
            varying vec4 v_color;
            void main() { v_color = a_color; gl_Position = u_modelViewProjectionMatrix * a_position; }
            """)
        for (file, path, line, code, words) in [("none.vert", noPosition, 3, DiagnosticCode.drawStage, "gl_Position"),
                                                 ("colours.vert", colours, 3, .drawMesh, "has no a_color; it has a_position, a_normal, a_texcoord")] {
            let composition = try workspace.load("""
                nodes:
                  cube: { kind: draw, mesh: cube, vertex: \(file) }
                output: cube
                """)
            let error = try #require(throws: DiagnosticsError.self) { try GraphExecutor(composition: composition) }
            let first = try #require(error.diagnostics.first)
            #expect(first.location?.file == path && first.location?.line == line && first.code == code && first.message.contains(words), "\(first)")
        }
    }

    @Test("a glslViewer-style vertex stage that guards a_color with MODEL_VERTEX_COLOR runs on a mesh without colours")
    func guardedAttribute() throws {
        let image = try render("""
            size: [32, 32]
            nodes:
              cube: { kind: draw, mesh: cube, vertex: guarded.vert, file: normal.frag }
            output: cube
            """, files: ["normal.frag": Self.normalColours, "guarded.vert": """
                uniform mat4 u_modelViewProjectionMatrix;
                attribute vec4 a_position;
                attribute vec3 a_normal;
                varying vec3 v_normal;
                #ifdef MODEL_VERTEX_COLOR
                attribute vec4 a_color;
                #endif
                void main() { v_normal = a_normal; gl_Position = u_modelViewProjectionMatrix * a_position; }
                """])
        #expect(close(rgb(image, 16, 16), [128, 128, 255]))
    }
}
