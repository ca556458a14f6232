import Foundation
import TestSupport
import Testing

/// `check --plan`: the frame plan a composition runs, with the passes that could be drawn as one program.
@Suite("Printing the plan")
struct CheckPlanTests {
    @Test("check --plan lists the steps in drawing order, a fused pass as its nodes, marks reads of a pass's own pixel, and names what draws a render's YUV planes")
    func plan() throws {
        let folder = try TemporaryFolder()
        try folder.write("c.yaml", """
            size: [64, 36]
            nodes:
              src: { kind: pattern }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
              b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
              edges: { kind: shader, filter: sobel, inputs: { inputImageTexture: b } }
            output: edges
            """)
        let result = try runShaderbench(["check", "--plan", "c.yaml"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("""
            plan: 3 steps, output edges
              1. src (pattern)
              2. a + b (shaders drawn as one program) reads src
              3. edges (shader) reads b
            drawn as one program: a + b
            a movie, pipe or virtual camera's YUV planes drawn by: edges
            """), "\(result.output)")
        let separate = try runShaderbench(["check", "--plan", "--no-fuse", "c.yaml"], in: folder.path)
        #expect(separate.output.contains("""
            plan: 4 steps, output edges
              1. src (pattern)
              2. a (shader) reads src (its pixel)
              3. b (shader) reads a (its pixel)
              4. edges (shader) reads b
            every pass drawn on its own (fuse: false or --no-fuse)
            """), "\(separate.output)")
        #expect(!separate.output.contains("YUV planes"), "\(separate.output)")
    }
}
