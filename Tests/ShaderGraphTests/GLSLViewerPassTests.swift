import Testing
@testable import ShaderGraph

/// The passes glslViewer draws from one file become nodes of their own, in its drawing order.
@Suite("glslViewer's passes from one file")
struct GLSLViewerPassTests {
    @Test("double buffers, buffers, the scene, then the post-processing pass under the node's own name; later ones read as last frame's")
    func passes() throws {
        let workspace = try Workspace()
        try workspace.write("look.frag", """
            uniform sampler2D u_buffer1;
            uniform sampler2D u_doubleBuffer0;
            uniform sampler2D u_scene;
            uniform vec2 u_resolution;
            void main() { gl_FragColor = texture2D(u_buffer1, gl_FragCoord.xy / u_resolution); }
            """)
        let composition = try workspace.load("nodes:\n  look: { kind: shader, file: look.frag }\n")
        #expect(composition.nodes.map(\.name) == ["look-double-buffer0", "look-buffer1", "look-scene", "look"])
        #expect(composition.output == "look")
        let passes = composition.nodes.compactMap { node -> ShaderPass? in if case .shader(let pass) = node.kind { pass } else { nil } }
        #expect(passes.map(\.defines) == [["DOUBLE_BUFFER_0"], ["BUFFER_1"], [], ["POSTPROCESSING"]])
        // The buffer pass reads the double buffer drawn before it as this frame's, the scene drawn after it as last frame's.
        #expect(passes[1].inputs["u_doubleBuffer0"]?.node == "look-double-buffer0")
        #expect(passes[1].previousFrameInputs["u_doubleBuffer0"] == nil)
        #expect(passes[1].previousFrameInputs["u_scene"] != nil)
        #expect(passes[0].readsPreviousFrame("u_doubleBuffer0", node: "look-double-buffer0"), "its own image is its last frame")
        #expect(passes[3].previousFrameInputs.isEmpty, "the last pass reads every other as this frame's")
    }

    @Test("a draw node whose file tests BACKGROUND and POSTPROCESSING becomes the background pass, the model, its depth and the pass after, under the node's name")
    func scenePasses() throws {
        let workspace = try Workspace()
        try workspace.write("look.frag", """
            uniform sampler2D u_scene;
            uniform sampler2D u_sceneDepth;
            uniform vec2 u_resolution;
            uniform float u_cameraNearClip;
            uniform float tint;
            void main() {
            #ifdef BACKGROUND
                gl_FragColor = vec4(0.0);
            #elif defined(POSTPROCESSING)
                gl_FragColor = texture2D(u_scene, gl_FragCoord.xy / u_resolution) * texture2D(u_sceneDepth, gl_FragCoord.xy / u_resolution);
            #else
                gl_FragColor = vec4(tint);
            #endif
            }
            """)
        let composition = try workspace.load("nodes:\n  head: { kind: draw, mesh: cube, file: look.frag, camera: { near: 0.5 }, uniforms: { tint: 0.5 } }\n")
        #expect(composition.nodes.map(\.name) == ["head-background", "head-scene", "head-scene-depth", "head"])
        #expect(composition.nodes.map(\.passOf) == ["head", "head", "head", nil])
        #expect(composition.output == "head")
        guard case .shader(let background) = composition.nodes[0].kind, case .draw(let scene) = composition.nodes[1].kind,
              case .depth(let depth) = composition.nodes[2].kind, case .shader(let post) = composition.nodes[3].kind else {
            Issue.record("\(composition.nodes.map(\.kind.name))")
            return
        }
        #expect(background.defines == ["BACKGROUND"] && post.defines == ["POSTPROCESSING"])
        #expect(scene.backdrop?.node == "head-background" && depth.node == "head-scene")
        #expect(post.inputs["u_scene"]?.node == "head-scene" && post.inputs["u_sceneDepth"]?.node == "head-scene-depth")
        // The composition's uniforms reach every pass; the camera's reach the passes drawn as images.
        for pass in [background, post] {
            guard case .literal(let tint, _)? = pass.uniforms["tint"], case .literal(let near, _)? = pass.uniforms["u_cameraNearClip"] else {
                Issue.record("\(pass.uniforms)")
                continue
            }
            #expect(tint == [0.5] && near == [0.5])
        }
        // A moved camera reaches the passes drawn as images too.
        var moved = scene.camera
        moved.near = 0.25
        var composition2 = composition
        GLSLViewerScenePasses.setCamera(moved, of: "head-scene", in: &composition2)
        #expect(GLSLViewerScenePasses.cameraUniforms(around: "head-scene", in: composition2, camera: moved).map(\.node) == ["head-background", "head"])
        for name in ["head-background", "head"] {
            guard case .shader(let pass)? = composition2.node(named: name)?.kind, case .literal(let near, _)? = pass.uniforms["u_cameraNearClip"] else {
                Issue.record("\(name)")
                continue
            }
            #expect(near == [0.25], "\(name)")
        }
        guard case .draw(let movedScene)? = composition2.node(named: "head-scene")?.kind else { return }
        #expect(movedScene.camera == moved)
        let file = try workspace.write("plain.frag", "void main() { gl_FragColor = vec4(1.0); }\n")
        let plain = try workspace.load("nodes:\n  head: { kind: draw, mesh: cube, file: \(file) }\n")
        #expect(plain.nodes.map(\.name) == ["head"], "a file that tests neither draws the model alone")
    }

    @Test("glslViewer's rule for which passes a file asks for: #ifdef, #ifndef, #if and #elif defined(…), on their own lines")
    func whichPasses() {
        for text in ["#ifdef BACKGROUND", "  #ifndef BACKGROUND", "#if defined(BACKGROUND)", "#elif defined( BACKGROUND )", "#if defined(A) || defined(BACKGROUND)"] {
            #expect(GLSLViewerScenePasses.tests("BACKGROUND", in: "void main() {}\n\(text)\n#endif"), "\(text)")
        }
        for text in ["// #ifdef BACKGROUND", "#ifdef BACKGROUNDS", "#define BACKGROUND", "#if defined(NO_BACKGROUND)"] {
            #expect(!GLSLViewerScenePasses.tests("BACKGROUND", in: text), "\(text)")
        }
    }

    @Test("a file of several passes opened on its own is written out, as Ctrl-S writes it, as one node whose passes are read again")
    func writtenAlone() throws {
        let workspace = try Workspace()
        let path = try workspace.write("look.frag", """
            uniform sampler2D u_buffer0;
            uniform vec2 u_resolution;
            void main() { gl_FragColor = texture2D(u_buffer0, gl_FragCoord.xy / u_resolution); }
            """)
        let text = try LoneShaderComposition.text(forShader: path, sources: .patterns)
        #expect(text.components(separatedBy: "kind: shader").count == 2, "\(text)")
        #expect(try workspace.load(text, file: "look.yaml").nodes.map(\.name) == ["look-buffer0", "look"], "\(text)")
    }
}
