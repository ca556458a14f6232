import GPU
import Images
import ShaderGraph
import Testing

/// Value nodes evaluated frame by frame, and wired into uniforms.
@Suite("Value nodes", .serialized)
struct ValueNodeTests {
    /// The workspace comes back too: its context must outlive the executor's use.
    func values(_ nodes: String, frames: Int = 1, fps: Double = 4) throws -> (GPUWorkspace, GraphExecutor) {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.fsh", "uniform highp vec3 colour;\nvoid main() { gl_FragColor = vec4(colour, 1.0); }")
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
            \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
              fill: { kind: shader, file: fill.fsh, uniforms: { colour: out } }
            output: fill
            """)
        let executor = try GraphExecutor(composition: composition, keeping: Set(composition.nodes.map(\.name)))
        for frame in 0..<frames { try executor.renderFrame(FrameTime(index: frame, fps: fps)) }
        return (workspace, executor)
    }

    @Test("arithmetic works component by component, one-number operands apply to all, and the result reaches the shader")
    func arithmetic() throws {
        let (workspace, executor) = try values("""
            a: { kind: constant, value: [0.1, 0.2, 0.3] }
            twice: { kind: multiply, values: [a, 2] }
            more: { kind: add, values: [twice, [0.1, 0.1, 0.1], 0.05] }
            out: { kind: clamp, value: more, min: 0, max: 0.6 }
            """)
        let result = try #require(executor.value(of: "out"))
        #expect(zip(result, [0.35, 0.55, 0.6] as [Float]).allSatisfy { abs($0 - $1) < 1e-6 })
        let pixel = try executor.renderFrame(FrameTime(index: 1, fps: 4)).readPixels()[1, 1]
        #expect([pixel.r, pixel.g, pixel.b] == [89, 140, 153])
        withExtendedLifetime(workspace) {}
    }

    @Test("mix and an LFO follow the clock; smooth starts at its input and then lags behind it")
    func clockDriven() throws {
        let (workspace, executor) = try values("""
            wave: { kind: lfo, waveform: triangle, rate: 1 }
            out: { kind: mix, a: [0, 0, 0], b: [1, 1, 1], t: wave }
            slow: { kind: smooth, value: wave, factor: 0.5 }
            """, frames: 2)
        // Frame 1 at 0.25 s: the triangle is halfway up.
        #expect(executor.value(of: "wave") == [0.5])
        #expect(executor.value(of: "out") == [0.5, 0.5, 0.5])
        #expect(executor.value(of: "slow") == [0.25], "0 at frame 0, then halfway to 0.5")
        withExtendedLifetime(workspace) {}
    }

    @Test("mouse and key nodes read what the window gives, and are zero otherwise")
    func windowInputs() throws {
        let (workspace, executor) = try values("""
            pointer: { kind: mouse }
            shift: { kind: key, key: a }
            out: { kind: add, values: [pointer, shift] }
            """)
        #expect(executor.value(of: "out") == [0, 0, 0])
        executor.pointer = SIMD3(0.25, 0.5, 1)
        executor.keysHeld = ["a"]
        try executor.renderFrame(FrameTime(index: 1, fps: 4))
        #expect(executor.value(of: "out") == [1.25, 1.5, 2])
        withExtendedLifetime(workspace) {}
    }

    @Test("a published parameter reads as a value, literal or wired, and follows --set")
    func publishedParameters() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("fill.fsh", "uniform highp vec3 colour;\nuniform highp float gain;\nvoid main() { gl_FragColor = vec4(colour * gain, 1.0); }")
        var composition = try workspace.load("""
            size: [4, 4]
            nodes:
              base: { kind: constant, value: [0.1, 0.2, 0.3] }
              first: { kind: shader, file: fill.fsh, uniforms: { colour: base, gain: 1 } }
              doubled: { kind: multiply, values: [first.colour, first.gain, 2] }
              second: { kind: shader, file: fill.fsh, uniforms: { colour: doubled, gain: first.gain } }
            output: second
            publish: [first.colour, first.gain]
            """)
        try ParameterOverride.apply([ParameterOverride(name: "gain", values: [1.5])], to: &composition)
        let executor = try GraphExecutor(composition: composition, keeping: ["doubled"])
        let output = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[1, 1]
        let doubled = try #require(executor.value(of: "doubled"))
        #expect(zip(doubled, [0.3, 0.6, 0.9] as [Float]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect([output.r, output.g, output.b] == [115, 230, 255], "0.3, 0.6, 0.9 times the gain 1.5")
    }
}
