import Testing
@testable import ShaderGraph

@Suite("Planning frames")
struct RenderPlanTests {
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
        let plan = try RenderPlan(try composition(Workspace()))
        #expect(plan.steps.map(\.node.name) == ["src", "a", "b", "c", "blend"])
    }

    @Test("each image is released right after its last reader, and the output never")
    func releases() throws {
        let plan = try RenderPlan(try composition(Workspace()))
        #expect(plan.steps.map(\.releases) == [[], ["src"], [], ["b"], ["a", "c"]])
    }

    @Test("kept nodes are scheduled and never released within the frame")
    func keeping() throws {
        let plan = try RenderPlan(try composition(Workspace()), keeping: ["a", "unused"])
        #expect(plan.steps.map(\.node.name) == ["src", "a", "b", "c", "blend", "unused"])
        #expect(!plan.steps.flatMap(\.releases).contains("a"))
    }
}
