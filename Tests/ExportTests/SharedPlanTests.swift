@testable import Export
import ShaderbenchKit
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import TestSupport
import Testing

/// The executor and the exporters consume one frame plan; neither works the graph out again.
@Suite("One plan behind the executor and the exports", .serialized)
struct SharedPlanTests {
    @Test("a change made to the plan reaches the executor's pixels and the C tables, though the composition says otherwise")
    func planChangeReachesBoth() throws {
        let folder = try TemporaryFolder()
        try folder.write("level.fsh", """
            precision mediump float;
            uniform float level;
            void main() { gl_FragColor = vec4(level, level, level, 1.0); }
            """)
        let composition = try CompositionLoader.load(path: try folder.write("c.yaml", """
            size: [4, 4]
            nodes:
              grey: { kind: shader, file: level.fsh, uniforms: { level: 0.25 } }
            """))
        var plan = try FramePlan(composition)
        guard case .pass(var pass) = plan.steps[0].work else {
            Issue.record("the shader node is not planned as a pass")
            return
        }
        #expect(pass.uniforms.map(\.value) == [.literal([0.25])])
        pass.uniforms[0].value = .literal([0.75])
        plan.steps[0].work = .pass(pass)

        let context = try HeadlessContext()
        let executor = try GraphExecutor(plan: plan)
        let pixel = try executor.renderFrame(FrameTime(index: 0, seconds: 0)).readPixels()[0, 0]
        #expect(pixel.r == 191 && pixel.g == 191 && pixel.b == 191, "\(pixel)")
        withExtendedLifetime(context) {}

        let tables = try CTables(plan, interface: ExportedInterface(plan))
        let numbers = tables.declarations.joined(separator: "\n")
        #expect(numbers.contains("0.75f") && !numbers.contains("0.25f"), "\(numbers)")
    }
}

/// A published parameter starts as the same numbers wherever it is read: the window's panel, the exports'
/// interface and the embedded kit.
@Suite("Published parameters' starting values")
struct StartingValueTests {
    @Test("a literal, a declared default, none at all for a float and a vector, and a wire: the same in every reader")
    func everyReaderAgrees() throws {
        let shader = """
            precision mediump float;
            uniform float set;
            uniform float declared;   // default: 0.5
            uniform vec3 tint;
            uniform vec2 bare;
            uniform float wired;
            void main() { gl_FragColor = vec4(set + declared + wired, tint.x + bare.x, 0.0, 1.0); }
            """
        let text = """
            size: [4, 4]
            nodes:
              level: { kind: lfo }
              look: { kind: shader, file: look.fsh, uniforms: { set: 0.25, wired: level } }
            output: look
            publish: [look.set, look.declared, look.tint, look.bare, look.wired]
            """
        let folder = try TemporaryFolder()
        try folder.write("look.fsh", shader)
        let composition = try CompositionLoader.load(path: try folder.write("c.yaml", text))
        let expected: [String: [Float]?] = ["look.set": [0.25], "look.declared": [0.5], "look.tint": [0, 0, 0],
                                            "look.bare": [0, 0], "look.wired": nil]
        let panel = TunableParameter.all(in: composition, renderSize: PixelSize(width: 4, height: 4))
        #expect(Dictionary(uniqueKeysWithValues: panel.map { ($0.reference.description, $0.compositionValue) }) == expected)
        let exported = try ExportedInterface(try FramePlan(composition)).parameters
        #expect(Dictionary(uniqueKeysWithValues: exported.map { ($0.reference.description, $0.startingValue) }) == expected)
        let kit = try EmbeddedComposition(path: "c.yaml", files: ["c.yaml": text, "look.fsh": shader], inputs: [], filterFolder: "shaders")
        #expect(Dictionary(uniqueKeysWithValues: expected.keys.map { ($0, kit.parameter($0)) }) == expected)
    }
}

/// A published parameter's range is settled once, in the plan: the panel's controls span it, the exports
/// clamp to it, and `--set` is clamped by it.
@Suite("Published parameters' ranges")
struct PlannedRangeTests {
    @Test("the plan's bounds and spans are the ones the panel, the exports and --set use")
    func oneRangeForEveryReader() throws {
        let shader = """
            precision mediump float;
            uniform float gain;   // default: 1, range: 0...2
            uniform vec3 shift;    // range: [0, 0.5, 0]...1
            uniform float free;   // default: 4
            void main() { gl_FragColor = vec4(gain * shift + free, 1.0); }
            """
        let folder = try TemporaryFolder()
        try folder.write("look.fsh", shader)
        let composition = try CompositionLoader.load(path: try folder.write("c.yaml", """
            size: [4, 4]
            nodes:
              look: { kind: shader, file: look.fsh }
            output: look
            publish: [look.gain, look.shift, look.free]
            """))
        let plan = try FramePlan(composition)
        let planned = Dictionary(uniqueKeysWithValues: plan.parameters.map { ($0.reference.uniform, $0) })
        #expect(planned["gain"]?.spans == [0...2])
        #expect(planned["shift"]?.spans == [0...1, 0.5...1, 0...1])
        #expect(planned["free"]?.spans == [0...8], "no declared range: one around the default")
        #expect(planned["free"]?.bounds.isEmpty == true, "a span offered is not a bound that clamps")

        #expect(try ExportedInterface(plan).parameters == plan.parameters)
        let panel = TunableParameter.all(in: composition, renderSize: PixelSize(width: 4, height: 4))
        #expect(panel.map(\.control) == [.slider(0...2), .components([0...1, 0.5...1, 0...1], integers: false), .slider(0...8)])

        var set = composition
        try ParameterOverride.apply([ParameterOverride(name: "look.gain", values: [5]),
                                     ParameterOverride(name: "look.shift", values: [2, 0, -1])], to: &set)
        guard case .shader(let pass)? = set.node(named: "look")?.kind else {
            Issue.record("no shader node")
            return
        }
        let values = { (name: String) -> [Float]? in
            if case .literal(let numbers, _)? = pass.uniforms[name] { numbers } else { nil }
        }
        #expect(values("gain") == [2])
        #expect(values("shift") == [1, 0.5, 0])
        #expect(set.warnings.map(\.code) == [.outsideRange, .outsideRange])
    }
}
