import GPU
import ShaderGraph
import ShaderLanguage
import Testing

/// A compute kernel's uniforms are parameters as a fragment shader's are: published with the default, range and
/// label the kernel declares after them, set with `--set` (clamped into the range), keyed, tuned in place in the
/// running kernel, and read by other nodes through a value wire. Expected pixels are the kernel's arithmetic:
/// an rgba8 store of v keeps round(v × 255).
@Suite("Compute parameters", .serialized)
struct ComputeParameterTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 4, local_size_y = 4) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        uniform highp float gain;   // default: 0.2, range: 0...1, label: "Gain"
        uniform highp vec2 pair;
        void main() {
            imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(gain, pair, 1.0));
        }
        """

    func workspace() throws -> GPUWorkspace {
        let workspace = try GPUWorkspace()
        try workspace.write("gain.comp", Self.kernel)
        return workspace
    }

    func centre(of executor: GraphExecutor, at index: Int = 0) throws -> [UInt8] {
        let image = try executor.renderFrame(FrameTime(index: index, fps: 30)).readPixels()
        let pixel = image[image.width / 2, image.height / 2]
        return [pixel.r, pixel.g, pixel.b]
    }

    @Test("a published kernel uniform is planned with its declared default, range and label, and drawn at its default")
    func plannedFromTheKernel() throws {
        let workspace = try workspace()
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              kernel: { kind: compute, file: gain.comp, uniforms: { pair: [0.4, 0.6] } }
            output: kernel
            publish: [kernel.gain, kernel.pair]
            """)
        let planned = PlannedParameter.all(in: composition)
        try #require(planned.count == 2)
        #expect(planned[0].label == "Gain" && planned[0].resetValue == [0.2] && planned[0].startingValue == [0.2])
        #expect(planned[0].spans == [0...1])
        #expect(planned[1].type == .vec2 && planned[1].startingValue == [0.4, 0.6])
        // 0.2 × 255 = 51, 0.4 × 255 = 102, 0.6 × 255 = 153.
        #expect(try centre(of: GraphExecutor(composition: composition)) == [51, 102, 153])
    }

    @Test("--set sets a kernel's uniform, clamped into the range the kernel declares, with a warning")
    func setFromTheCommandLine() throws {
        let workspace = try workspace()
        var composition = try workspace.load("""
            size: [8, 8]
            nodes:
              kernel: { kind: compute, file: gain.comp }
            output: kernel
            publish: [kernel.gain, kernel.pair]
            """)
        try ParameterOverride.apply([ParameterOverride(name: "gain", values: [3]), ParameterOverride(name: "kernel.pair", values: [1, 0.8])],
                                    to: &composition)
        #expect(composition.warnings.contains { $0.code == .outsideRange && $0.message.contains("gain.comp") })
        // gain 3 clamped to 1: 255; 0.8 × 255 = 204.
        #expect(try centre(of: GraphExecutor(composition: composition)) == [255, 255, 204])
        #expect(throws: DiagnosticsError.self) {
            try ParameterOverride.apply([ParameterOverride(name: "pair", values: [1])], to: &composition)
        }
    }

    @Test("a value set while the graph runs is written into the kernel, no rebuild; a wired uniform refuses")
    func tunedInPlace() throws {
        let workspace = try workspace()
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              level: { kind: constant, value: [0.4, 0.4] }
              kernel: { kind: compute, file: gain.comp, uniforms: { gain: 0.2, pair: level } }
            output: kernel
            publish: [kernel.gain]
            """)
        let executor = try GraphExecutor(composition: composition)
        #expect(try centre(of: executor) == [51, 102, 102])
        #expect(executor.setUniform("gain", of: "kernel", to: [0.8]))
        #expect(try centre(of: executor, at: 1) == [204, 102, 102])
        #expect(!executor.setUniform("pair", of: "kernel", to: [1, 1]))
        #expect(!executor.setUniform("gain", of: "kernel", to: [1, 1]))
    }

    @Test("keys play a kernel's uniform, and another node reads the published value through a wire")
    func keyedAndRead() throws {
        let workspace = try workspace()
        try workspace.write("show.fsh", """
            precision highp float;
            uniform float level;
            void main() { gl_FragColor = vec4(level, 0.0, 0.0, 1.0); }
            """)
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              kernel: { kind: compute, file: gain.comp }
              show: { kind: shader, file: show.fsh, uniforms: { level: kernel.pair.y } }
            output: kernel
            publish: [kernel.pair]
            animate:
              kernel.pair: { keys: [[0, [0, 0]], [1, [1, 0.6]]] }
            """)
        let executor = try GraphExecutor(composition: composition)
        // At 0.5 s the keys are halfway: pair = (0.5, 0.3): 127.5 rounds either way, 0.3 × 255 = 76.5 likewise.
        let halfway = try centre(of: executor, at: 15)
        #expect([127, 128].contains(halfway[1]) && [76, 77].contains(halfway[2]) && halfway[0] == 51)
        #expect(try centre(of: executor, at: 30) == [51, 255, 153])
        var shown = composition
        shown.output = "show"
        // What the kernel was set to, read by the fragment shader: pair.y's last key, 0.6.
        #expect(try centre(of: GraphExecutor(composition: shown), at: 30) == [153, 0, 0])
    }

    @Test("a desktop GLSL kernel's uniforms outside blocks are set too: its translation drops the bindings GLSL ES refuses on them")
    func desktopKernelUniforms() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("desktop.comp", """
            #version 430
            layout(local_size_x = 4, local_size_y = 4) in;
            layout(binding = 0, rgba8) writeonly uniform image2D result;
            uniform float gain;
            uniform vec2 pair;
            void main() { imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(gain, pair, 1.0)); }
            """)
        let composition = try workspace.load("""
            size: [4, 4]
            nodes:
              k: { kind: compute, file: desktop.comp, uniforms: { gain: 0.2, pair: [0.4, 0.6] } }
            output: k
            """)
        #expect(try centre(of: GraphExecutor(composition: composition)) == [51, 102, 153])
    }

    @Test("publishing an image or a uniform no kernel has is refused at the name, with a suggestion")
    func refusedNames() throws {
        let workspace = try workspace()
        try workspace.write("c.yaml", """
            size: [8, 8]
            nodes:
              kernel: { kind: compute, file: gain.comp }
            output: kernel
            publish: [kernel.gian, kernel.result]
            """)
        let error = try #require(throws: DiagnosticsError.self) { try CompositionLoader.load(path: workspace.root + "/c.yaml") }
        let messages = error.diagnostics.filter { $0.code == .noSuchUniform }.map(\.message)
        #expect(messages.count == 2 && messages[0].contains("did you mean 'gain'?"), "\(messages)")
    }
}
