import Testing
@testable import ShaderGraph
import ShaderLanguage

/// How a draw node is read: its mesh, stages, camera, light and settings, each mistake at its key.
@Suite("Draw nodes read")
struct DrawNodeReadingTests {
    static let fragment = """
        precision highp float;
        uniform vec3 tint;  // default: [1, 0.5, 0]
        uniform sampler2D picture;
        varying vec2 v_texcoord;
        void main() { gl_FragColor = vec4(tint, 1.0) * texture2D(picture, v_texcoord); }
        """

    func scene(_ node: String, files: [String: String] = [:]) throws -> (Composition?, [Diagnostic]) {
        let workspace = try Workspace()
        for (name, text) in files { try workspace.write(name, text) }
        let yaml = """
            nodes:
              photo: { kind: pattern }
              scene: \(node)
            output: scene
            """
        let problems = try workspace.diagnostics(yaml)
        return (problems.isEmpty ? try workspace.load(yaml) : nil, problems)
    }

    @Test("every key is read: the mesh, both stages, the camera, the light, inputs, uniforms, size and settings")
    func everyKey() throws {
        let (composition, problems) = try scene("""
            { kind: draw, mesh: sphere, file: lit.frag, vertex: own.vert, inputs: { picture: photo }, uniforms: { tint: [0, 1, 0] },
                     camera: { position: [1, 2, 3], target: [0, 1, 0], up: [0, 0, 1], fov: 30, near: 0.5, far: 20 },
                     light: { position: [5, 5, 5], color: [1, 0.5, 0.25] }, size: [320, 200], primitive: lines, cull: none, depth: false, blend: add,
                     background: [0.1, 0.2, 0.3] }
            """, files: ["lit.frag": Self.fragment, "own.vert": """
                attribute vec4 a_position;
                uniform mat4 u_modelViewProjectionMatrix;
                uniform float lift;
                void main() { gl_Position = u_modelViewProjectionMatrix * (a_position + vec4(0.0, lift, 0.0, 0.0)); }
                """])
        #expect(problems.isEmpty, "\(problems.map(\.description))")
        guard case .draw(let scene)? = composition?.node(named: "scene")?.kind else {
            Issue.record("not a draw node")
            return
        }
        #expect(scene.meshes == [.builtIn(.sphere)] && scene.inputs["picture"]?.node == "photo" && scene.size == PixelSize(width: 320, height: 200))
        #expect(scene.camera.position == [1, 2, 3] && scene.camera.up == [0, 0, 1] && scene.camera.fieldOfView == 30 && scene.camera.far == 20)
        #expect(scene.light == [5, 5, 5] && scene.lightColour == [1, 0.5, 0.25])
        #expect(scene.settings.primitive == .lines && scene.settings.culling == DrawSettings.Culling.none && !scene.settings.depthTest)
        #expect(scene.settings.background == [0.1, 0.2, 0.3, 1] && scene.settings.blend == .add)
        #expect(scene.files.map { $0.split(separator: "/").last.map(String.init) ?? "" } == ["lit.frag", "own.vert"])
        // Both stages' uniforms are parameters, the workbench's own names not among them.
        let parameters = composition?.node(named: "scene")?.kind.uniformParameters?.settableNames.sorted()
        #expect(parameters == ["lift", "tint"], "\(parameters ?? [])")
    }

    @Test("mistakes, each at its key with its code", arguments: [
        ("{ kind: draw, mesh: teapt }", "SB2301", "there is no built-in mesh 'teapt'"),
        ("{ kind: draw }", "SB1007", "needs a 'mesh'"),
        ("{ kind: draw, mesh: cube, camera: { position: [0, 0, 1], target: [0, 0, 1] } }", "SB2302", "position and target are the same point"),
        ("{ kind: draw, mesh: cube, camera: { fov: 180 } }", "SB2302", "field of view"),
        ("{ kind: draw, mesh: cube, camera: { near: 2, far: 1 } }", "SB2302", "near is more than 0 and far more than near"),
        ("{ kind: draw, mesh: cube, camera: { position: [0, 1] } }", "SB1004", "is [x, y, z]"),
        ("{ kind: draw, mesh: cube, primitive: quads }", "SB1004", "'primitive' is one of triangles, lines, points"),
        ("{ kind: draw, mesh: cube, cull: sometimes }", "SB1004", "'cull' is one of back, front, none"),
        ("{ kind: draw, mesh: cube, spin: 3 }", "SB1002", "unknown key 'spin' in a draw node"),
        ("{ kind: draw, mesh: cube, background: [1] }", "SB1004", "'background' is [r, g, b]"),
        ("{ kind: draw, mesh: cube, file: missing.frag }", "SB1005", "no such file"),
        ("{ kind: draw, mesh: cube, uniforms: { tint: 1 } }", "SB2005", "the workbench's stages have no uniform 'tint'"),
        ("{ kind: draw, mesh: cube, uniforms: { u_time: 1 } }", "SB1008", "set by the workbench each frame"),
    ])
    func mistakes(node: String, code: String, words: String) throws {
        let (_, problems) = try scene(node)
        let first = try #require(problems.first, "no problem found in \(node)")
        #expect(first.code?.description == code && first.message.contains(words), "\(problems.map(\.description))")
        #expect(first.location?.line == 3, "\(problems.map(\.description))")
    }

    @Test("what the fragment stage samples must be wired, and only images wired to it")
    func wiring() throws {
        let unwired = try scene("{ kind: draw, mesh: plane, file: lit.frag }", files: ["lit.frag": Self.fragment]).1
        #expect(unwired.contains { $0.code == .unwiredInput && $0.message.contains("samples 'picture'") }, "\(unwired.map(\.description))")
        let misnamed = try scene("{ kind: draw, mesh: plane, file: lit.frag, inputs: { pictur: photo } }", files: ["lit.frag": Self.fragment]).1
        #expect(misnamed.contains { $0.code == .noSuchUniform && $0.message.contains("did you mean 'picture'?") }, "\(misnamed.map(\.description))")
    }
}
