@testable import Export
import GPU
import Images
import ShaderGraph
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
