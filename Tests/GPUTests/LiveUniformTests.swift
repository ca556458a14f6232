import GPU
import Images
import ShaderGraph
import Testing

/// A tuned parameter written into the running program: the next frame shows it, nothing rebuilt.
@Suite("Setting a parameter in the running graph", .serialized)
struct LiveUniformTests {
    static let grey = """
        precision mediump float;
        uniform float level;
        uniform vec3 tint;      // default: [1, 1, 1]
        void main() { gl_FragColor = vec4(tint * level, 1.0); }
        """

    @Test("a literal uniform set in place shows in the next frame, as a composition with that value draws it")
    func setInPlace() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("grey.fsh", Self.grey)
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
              grey: { kind: shader, file: grey.fsh, uniforms: { level: 0.25 } }
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1].r == 64)
        #expect(executor.setUniform("level", of: "grey", to: [0.75]))
        #expect(executor.setUniform("tint", of: "grey", to: [1, 0.5, 0]))
        let tuned = try executor.renderFrame(FrameTime(index: 1, fps: 30)).readPixels()[1, 1]
        #expect(tuned.r == 191 && tuned.g == 96 && tuned.b == 0)
    }

    @Test("a uniform a wire sets, a missing node or the wrong count of numbers is refused, changing nothing")
    func refused() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("grey.fsh", Self.grey)
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
              half: { kind: constant, value: 0.5 }
              grey: { kind: shader, file: grey.fsh, uniforms: { level: half } }
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(!executor.setUniform("level", of: "grey", to: [1]))
        #expect(!executor.setUniform("level", of: "nowhere", to: [1]))
        #expect(!executor.setUniform("tint", of: "grey", to: [1, 0]))
        #expect(try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1].r == 128)
    }

    @Test("a parameter of a glslViewer file that draws several passes is set in each, live and by --set")
    func everyPassOfAFile() throws {
        let workspace = try GPUWorkspace()
        // The buffer pass draws the level; the file's own pass shows the buffer.
        try workspace.write("look.frag", """
            uniform sampler2D u_buffer0;
            uniform vec2 u_resolution;
            uniform float level;    // default: 0.25, range: 0...1
            void main() {
            #if defined(BUFFER_0)
                gl_FragColor = vec4(vec3(level), 1.0);
            #else
                gl_FragColor = texture2D(u_buffer0, gl_FragCoord.xy / u_resolution);
            #endif
            }
            """)
        var composition = try workspace.load("""
            size: [4, 4]
            nodes:
              look: { kind: shader, file: look.frag }
            publish: [look.level]
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1].r == 64)
        #expect(executor.setUniform("level", of: "look", to: [0.75]))
        #expect(try executor.renderFrame(FrameTime(index: 1, fps: 30)).readPixels()[1, 1].r == 191)
        try ParameterOverride.apply([try #require(ParameterOverride(parsing: "look.level=0.5"))], to: &composition)
        #expect(try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1].r == 128)
    }
}
