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
}
