import GPU
import ShaderGraph
import Testing

/// Which nodes change with the clock alone, worked out from what the linked programs read: the window draws
/// at the frame rate only for those, and draws nothing while a still image is shown.
@Suite("What changes with time", .serialized)
struct AnimationTests {
    static let ignoresInput = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = vec4(textureCoordinate, 0.0, 1.0); }
        """
    static let copiesInput = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
        """
    static let readsTime = "void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = vec4(fract(iTime)); }"
    static let declaresTimeUnread = "void mainImage(out vec4 fragColor, in vec2 fragCoord) { float t = iTime; fragColor = vec4(1.0); }"
    static let tinted = "uniform lowp vec3 tint;\nvoid main() { gl_FragColor = vec4(tint, 1.0); }"

    func executor(_ nodes: String, output: String) throws -> (GPUWorkspace, GraphExecutor) {
        let workspace = try GPUWorkspace()
        for (name, text) in ["ignores.fsh": Self.ignoresInput, "copies.fsh": Self.copiesInput, "time.fsh": Self.readsTime,
                             "unread.fsh": Self.declaresTimeUnread, "tinted.fsh": Self.tinted] {
            try workspace.write(name, text)
        }
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
            \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            output: \(output)
            """)
        let executor = try GraphExecutor(composition: composition, keeping: Set(composition.nodes.map(\.name)))
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        return (workspace, executor)
    }

    @Test("a shader that declares the moving pattern as its input and never samples it is still; one that samples it moves")
    func unreadInput() throws {
        let (workspace, executor) = try executor("""
            bars: { kind: pattern }
            still: { kind: shader, file: ignores.fsh, inputs: { inputImageTexture: bars } }
            moving: { kind: shader, file: copies.fsh, inputs: { inputImageTexture: bars } }
            """, output: "still")
        #expect(!executor.changesWithTime("still"))
        #expect(executor.changesWithTime("moving"))
        #expect(executor.changesWithTime("bars"))
        withExtendedLifetime(workspace) {}
    }

    @Test("a ShaderToy shader that reads iTime moves; one whose iTime the compiler drops is still")
    func timeUniform() throws {
        let (workspace, executor) = try executor("""
            clock: { kind: shader, file: time.fsh }
            fixed: { kind: shader, file: unread.fsh }
            """, output: "clock")
        #expect(executor.changesWithTime("clock"))
        #expect(!executor.changesWithTime("fixed"))
        withExtendedLifetime(workspace) {}
    }

    @Test("a time-varying value moves what its wire reaches, through arithmetic; a constant does not")
    func wiredValues() throws {
        let (workspace, executor) = try executor("""
            wave: { kind: lfo, rate: 1 }
            three: { kind: multiply, values: [wave, [1, 1, 1]] }
            grey: { kind: constant, value: [0.5, 0.5, 0.5] }
            waving: { kind: shader, file: tinted.fsh, uniforms: { tint: three } }
            steady: { kind: shader, file: tinted.fsh, uniforms: { tint: grey } }
            """, output: "waving")
        #expect(executor.changesWithTime("waving"))
        #expect(!executor.changesWithTime("steady"))
        withExtendedLifetime(workspace) {}
    }
}
