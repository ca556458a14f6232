import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A `buffer` value node reads a range of a compute node's storage buffer: what it carries follows the block's
/// element type, and a wrong node, block or range is an error at the key that says it.
@Suite("Buffer value nodes")
struct BufferValueNodeTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 1) in;
        layout(std430, binding = 0) buffer Points { vec2 points[]; };
        layout(std430, binding = 1) buffer Bins { uint bins[8]; };
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        void main() { points[0] = vec2(1.0); bins[0] = 1u; imageStore(result, ivec2(0), vec4(1.0)); }
        """

    /// A composition whose node `read` is `{ kind: buffer, \(read) }`, on line 4.
    static func composition(_ read: String) -> String {
        """
        size: [1, 1]
        nodes:
          sim: { kind: compute, file: sim.comp, dispatch: [1, 1, 1], buffers: { Points: { count: 10 } } }
          read: { kind: buffer, \(read) }
          still: { kind: constant, value: 0 }
        output: sim
        """
    }

    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("sim.comp", Self.kernel)
        return workspace
    }

    @Test("a range of vec2 elements carries two numbers an element; a fixed array counts its declared length")
    func componentsFollowTheElements() throws {
        let workspace = try workspace()
        let points = try workspace.load(Self.composition("input: sim, buffer: Points, start: 2, count: 3"))
        #expect(points.node(named: "read")?.output == .value(components: 6))
        let bins = try workspace.load(Self.composition("input: sim, buffer: Bins, start: 7"))
        #expect(bins.node(named: "read")?.output == .value(components: 1))
    }

    @Test("a wrong node, block or range is an error at its key", arguments: [
        ("input: still, buffer: Points", "4:32 SB2207", "'still' is a constant node; a buffer node reads a compute node's storage buffer"),
        ("input: sim, buffer: Pionts", "4:45 SB2207", "compute node 'sim' has no buffer 'Pionts'; did you mean 'Points'?"),
        ("input: sim, buffer: Bins, start: 6, count: 3", "4:68 SB2207", "buffer 'Bins' has 8 elements (0 to 7); elements 6 to 8 do not all exist"),
        ("input: sim, buffer: Points, start: 10", "4:60 SB2207", "buffer 'Points' has 10 elements (0 to 9); element 10 does not exist"),
        ("input: sim, buffer: Points, count: 9", "4:60 SB2207", "9 elements of 2 numbers are 18 numbers; a value holds 16 at most, so read 8 or fewer"),
        ("input: sim.x, buffer: Points", "4:32 SB2207", "'input' names the compute node alone"),
    ])
    func locatedMistakes(read: String, at: String, message: String) throws {
        let problems = try workspace().diagnostics(Self.composition(read))
        #expect(problems.coded == [at], "\(problems.map(\.description))")
        #expect(problems.first?.message.hasPrefix(message) == true, "\(problems.map(\.description))")
    }

    @Test("a count over 16 numbers, and a missing buffer key, are errors before the compute node is looked at")
    func readingMistakes() throws {
        let workspace = try workspace()
        let tooMany = try workspace.diagnostics(Self.composition("input: sim, buffer: Bins, count: 17"))
        #expect(tooMany.count == 1 && tooMany[0].location?.line == 4, "\(tooMany.map(\.description))")
        let missing = try workspace.diagnostics(Self.composition("input: sim"))
        #expect(missing.count == 1 && missing[0].location?.line == 4 && missing[0].message.contains("needs a 'buffer'"), "\(missing.map(\.description))")
    }

    @Test("a kernel that writes no image makes only buffers: as the output it is an error that says so")
    func bufferOnlyOutput() throws {
        let workspace = try Workspace()
        try workspace.write("sum.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            layout(std430, binding = 0) buffer Sum { uint total; };
            void main() { total = 1u; }
            """)
        let problems = try workspace.diagnostics("""
            size: [1, 1]
            nodes:
              sum: { kind: compute, file: sum.comp, dispatch: [1, 1, 1] }
            output: sum
            """)
        #expect(problems.coded == ["4:9 SB2003"], "\(problems.map(\.description))")
        #expect(problems.first?.message.contains("no kernel writes an image2D target") == true, "\(problems.map(\.description))")
    }
}
