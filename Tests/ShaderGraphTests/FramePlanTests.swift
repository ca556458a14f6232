import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Planning frames")
struct FramePlanTests {
    func composition(_ workspace: Workspace) throws -> Composition {
        try workspace.shader("s.fsh")
        try workspace.write("blend.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) + texture2D(inputImageTexture2, textureCoordinate); }
            """)
        let path = try workspace.write("c.yaml", """
            nodes:
              blend: { kind: shader, file: blend.fsh, inputs: { inputImageTexture: a, inputImageTexture2: c } }
              src: { kind: pattern }
              a: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: s.fsh, inputs: { inputImageTexture: a } }
              c: { kind: shader, file: s.fsh, inputs: { inputImageTexture: b } }
              unused: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }
            output: blend
            """)
        return try CompositionLoader.load(path: path)
    }

    @Test("steps run in dependency order and skip what the output does not need")
    func order() throws {
        let plan = try FramePlan(try composition(Workspace()), fusing: false)
        #expect(plan.steps.map(\.node.name) == ["src", "a", "b", "c", "blend"])
    }

    @Test("each image is released right after its last reader, and the output never")
    func releases() throws {
        let plan = try FramePlan(try composition(Workspace()), fusing: false)
        #expect(plan.steps.map(\.releases) == [[], [0], [], [2], [1, 3]])
    }

    @Test("kept nodes are scheduled and never released within the frame")
    func keeping() throws {
        let plan = try FramePlan(try composition(Workspace()), keeping: ["a", "unused"], fusing: false)
        #expect(plan.steps.map(\.node.name) == ["src", "a", "b", "c", "blend", "unused"])
        #expect(!plan.steps.flatMap(\.releases).contains(1))
    }
}

@Suite("Planning passes and values")
struct PassPlanTests {
    func plan(_ yaml: String, in workspace: Workspace, keeping: Set<String> = []) throws -> FramePlan {
        try FramePlan(try CompositionLoader.load(path: try workspace.write("c.yaml", yaml)), keeping: keeping)
    }

    func pass(_ plan: FramePlan, _ name: String) throws -> PassPlan {
        let step = try #require(plan.step(named: name))
        guard case .pass(let pass) = plan.steps[step].work else { throw PlanTestError("'\(name)' is not a pass") }
        return pass
    }

    @Test("each sampler is on the unit of its declaration, reading its source's step; a pass wired to itself reads its last frame")
    func inputs() throws {
        let workspace = try Workspace()
        try workspace.write("blend.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) + texture2D(inputImageTexture2, textureCoordinate); }
            """)
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              echo: { kind: shader, file: blend.fsh, inputs: { inputImageTexture: src, inputImageTexture2: echo },
                      mapping: { inputImageTexture: fit } }
            """, in: workspace)
        let echo = try pass(plan, "echo")
        #expect(echo.inputs == [
            PassPlan.Input(sampler: "inputImageTexture", unit: 0, source: 0, mapping: .fit, isFeedback: false, shaderToyChannel: nil),
            PassPlan.Input(sampler: "inputImageTexture2", unit: 1, source: 1, mapping: .fill, isFeedback: true, shaderToyChannel: nil),
        ])
        #expect(echo.keepsPreviousFrame)
    }

    @Test("an input under previous: reads its node's last frame: no dependency, yet the node runs and keeps its frames")
    func previousFrameOfAnotherPass() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              reader: { kind: shader, file: s.fsh, inputs: { inputImageTexture: later }, previous: [inputImageTexture] }
              later: { kind: shader, file: s.fsh, inputs: { inputImageTexture: reader } }
            output: reader
            """, in: workspace)
        #expect(plan.steps.map(\.node.name) == ["reader", "later"])
        let reader = try pass(plan, "reader")
        #expect(reader.inputs.map(\.isFeedback) == [true])
        #expect(reader.inputs.map(\.source) == [1])
        #expect(!reader.keepsPreviousFrame)
        #expect(try pass(plan, "later").keepsPreviousFrame)
    }

    @Test("uniforms the composition sets come in name order, literal or wired to a step; then the shader's own defaults")
    func uniforms() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: """
            uniform highp float zoom; // default: 2, range: 1...4
            uniform highp vec2 centre;
            uniform highp float amount;
            uniform highp float untouched;
            """)
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              where: { kind: constant, value: [0.25, 0.75, 1] }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src }, uniforms: { centre: where.yx, amount: 0.5 } }
            """, in: workspace)
        let uniforms = try pass(plan, "fx").uniforms
        #expect(uniforms.map(\.name) == ["amount", "centre", "zoom"])
        #expect(uniforms.map(\.value) == [.literal([0.5]), .step(1, components: [1, 0]), .literal([2])])
    }

    @Test("texelWidth and texelHeight follow the first input unless the composition sets them")
    func texelSteps() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform highp float texelWidth;\nuniform highp float texelHeight;")
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src }, uniforms: { texelHeight: 0.01 } }
            """, in: workspace)
        let fx = try pass(plan, "fx")
        #expect(fx.texelWidth == .firstInputTexel(uniform: "texelWidth"))
        #expect(fx.texelHeight == .literal(0.01))
    }

    /// A GPUImage-style blur reading `count` blur coordinates, its step named by `stepUniforms`' declarations.
    func blurShader(_ workspace: Workspace, count: Int, stepUniforms: String = "") throws {
        try workspace.write("blur.fsh", """
            uniform sampler2D inputImageTexture;
            \(stepUniforms)
            varying highp vec2 blurCoordinates[\(count)];
            void main() { gl_FragColor = texture2D(inputImageTexture, blurCoordinates[0]); }
            """)
    }

    @Test("a blur's coordinates sit where GPUImage's blur vertex shaders put them, in texel steps", arguments: [
        ("", 9, [-4, -3, -2, -1, 0, 1, 2, 3, 4] as [Float]),
        (", blur: ordered", 3, [-1, 0, 1]),
        (", blur: box", 5, [0, 1.5, -1.5, 3.5, -3.5]),
        // GPUImage's default Gaussian (radius 4, sigma 2) writes these offsets into its vertex shader.
        (", blur: { gaussian: 2 }", 5, [0, 1.407333, -1.407333, 3.294215, -3.294215]),
    ])
    func blurOffsets(layout: String, count: Int, offsets: [Float]) throws {
        let workspace = try Workspace()
        try blurShader(workspace, count: count)
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: src }\(layout) }
            """, in: workspace)
        let uniform = try #require(try pass(plan, "fx").uniforms.first { $0.name == VertexStage.blurOffsetsUniform })
        #expect(uniform.count == count)
        guard case .literal(let planned) = uniform.value else { Issue.record("not a literal: \(uniform.value)"); return }
        #expect(planned.count == offsets.count && zip(planned, offsets).allSatisfy { abs($0 - $1) < 1e-5 }, "\(planned)")
    }

    @Test("a blur's step is texelWidthOffset and texelHeightOffset, settable though only the vertex stage takes them; GPUImage 2's texelWidth and texelHeight when it declares those")
    func blurStepNames() throws {
        let workspace = try Workspace()
        try blurShader(workspace, count: 5)
        let fx = try pass(try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: src }, uniforms: { texelWidthOffset: 0 } }
            """, in: workspace), "fx")
        #expect(fx.texelWidth == .literal(0))
        #expect(fx.texelHeight == .firstInputTexel(uniform: nil))
        #expect(fx.interface.texelStepUniforms == .blur)
        #expect(!fx.uniforms.contains { $0.name == "texelWidthOffset" })

        try blurShader(workspace, count: 5, stepUniforms: "uniform highp float texelWidth;\nuniform highp float texelHeight;")
        let second = try pass(try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: src }, uniforms: { texelHeight: 0 } }
            """, in: workspace), "fx")
        #expect(second.texelWidth == .firstInputTexel(uniform: "texelWidth"))
        #expect(second.texelHeight == .literal(0))
    }

    @Test("GPUImage's optimised blurs sample between texels, so their inputs are read bilinearly even at 1:1")
    func blursInterpolate() throws {
        let workspace = try Workspace()
        try blurShader(workspace, count: 5)
        let ordered = try pass(try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: src } }
            """, in: workspace), "fx")
        let box = try pass(try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: blur.fsh, inputs: { inputImageTexture: src }, blur: box }
            """, in: workspace), "fx")
        #expect(!ordered.interpolatesInputs)
        #expect(box.interpolatesInputs)
    }

    @Test("an ISF node's targets, in pass order, take units after its inputs, and its size expressions read its inputs' numbers")
    func isfChain() throws {
        let workspace = try Workspace()
        try workspace.write("two.fs", """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "scale", "TYPE": "float", "DEFAULT": 0.5 } ],
                "PASSES": [ { "TARGET": "small", "WIDTH": "$WIDTH*$scale", "HEIGHT": "$HEIGHT*$scale" },
                            { "TARGET": "history", "PERSISTENT": true, "FLOAT": true }, {} ] }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage); }
            """)
        let plan = try plan("""
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: two.fs, inputs: { inputImage: src }, uniforms: { scale: 0.25 } }
            """, in: workspace)
        let chain = try #require(try pass(plan, "fx").isfChain)
        #expect(chain.targets == [PassPlan.ISFChain.Target(name: "small", isFloat: false, isPersistent: false, firstPass: 0),
                                  PassPlan.ISFChain.Target(name: "history", isFloat: true, isPersistent: true, firstPass: 1)])
        #expect(chain.passTargets == [0, 1, nil])
        #expect(chain.namedImages.map(\.name) == ["history", "small"] && chain.namedImages.map(\.unit) == [1, 2])
        #expect(chain.inputValues["scale"] == 0.25)
    }

    @Test("without a size, the frame takes the first source's in the file's order; with one, that size")
    func renderSize() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        try workspace.write("a.mp4", bytes: [0])
        let unsized = try plan("""
            nodes:
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: clip } }
              bars: { kind: pattern }
              clip: { kind: movie, file: a.mp4 }
            """, in: workspace)
        guard case .firstSource(let candidates) = unsized.renderSize else { Issue.record("no source rule"); return }
        #expect(candidates.map { unsized.steps[$0].node.name } == ["clip"])
        let sized = try plan("size: [320, 200]\nnodes:\n  bars: { kind: pattern }\n", in: workspace)
        guard case .fixed(let size) = sized.renderSize else { Issue.record("no fixed size"); return }
        #expect(size == PixelSize(width: 320, height: 200))
    }

    @Test("an operation's operands come in the order of its roles, whatever the order written, wires as steps")
    func operations() throws {
        let workspace = try Workspace()
        let plan = try plan("""
            nodes:
              a: { kind: constant, value: [1, 2] }
              blend: { kind: mix, t: 0.5, a: a, b: [3, 4] }
              bars: { kind: pattern }
            output: bars
            """, in: workspace, keeping: ["blend"])
        let step = try #require(plan.step(named: "blend"))
        guard case .operation(let operation) = plan.steps[step].work else { Issue.record("not an operation"); return }
        #expect(operation.operands == [.step(try #require(plan.step(named: "a")), components: []), .literal([3, 4]), .literal([0.5])])
    }
}

struct PlanTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
