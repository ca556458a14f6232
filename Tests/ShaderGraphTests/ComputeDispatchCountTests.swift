import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A dispatch of no work groups is the compute dispatch's error, as its explanation shows it.
@Suite("Compute dispatch counts")
struct ComputeDispatchCountTests {
    @Test("a zero work group count is SB2205 at the count", arguments: ["[0, 1, 1]", "[4, 0]", "[2.5]"])
    func zeroGroups(dispatch: String) throws {
        let workspace = try Workspace()
        try workspace.write("sim.comp", BufferValueNodeTests.kernel)
        let problems = try workspace.diagnostics("""
            size: [1, 1]
            nodes:
              sim: { kind: compute, file: sim.comp, dispatch: \(dispatch), buffers: { Points: { count: 1 } } }
            output: sim
            """)
        #expect(problems.map(\.code) == [.computeDispatch], "\(problems.map(\.description))")
        #expect(problems.first?.location?.line == 3, "\(problems.map(\.description))")
    }
}
