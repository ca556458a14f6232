import Testing
@testable import ShaderGraph
import ShaderLanguage

/// What a compute node's buffer takes from the files and shaders it names, where a number or a length no
/// buffer can hold is a located error rather than a trap.
@Suite("Compute buffers from files")
struct ComputeBufferFileTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 1) in;
        layout(std430, binding = 0) buffer Values { int values[]; };
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        void main() { values[0] += 1; imageStore(result, ivec2(0), vec4(float(values[0]))); }
        """

    static func composition(file: String) -> String {
        """
        size: [1, 1]
        nodes:
          sum: { kind: compute, file: sum.comp, dispatch: [1, 1, 1], buffers: { Values: { count: 4, file: \(file) } } }
        output: sum
        """
    }

    @Test("numbers a 32-bit int cannot hold, and JSON's missing words for NaN and infinity, are errors at the file's name",
          arguments: ["[1, 1e300]", "[nan]", "[inf, 2]", "[2147483648]"])
    func numbersOutOfRange(list: String) throws {
        let workspace = try Workspace()
        try workspace.write("sum.comp", Self.kernel)
        try workspace.write("start.json", list)
        let problems = try workspace.diagnostics(Self.composition(file: "start.json"))
        #expect(problems.coded == ["3:99 SB2204"], "\(problems.map(\.description))")
        #expect(problems.first?.message.contains("does not fit buffer 'Values''s int elements") == true, "\(problems.map(\.description))")
    }

    @Test("the largest and smallest 32-bit ints are taken as they are")
    func extremes() throws {
        let workspace = try Workspace()
        try workspace.write("sum.comp", Self.kernel)
        try workspace.write("start.json", "[2147483647, -2147483648, 0.4, -0.6]")
        let composition = try workspace.load(Self.composition(file: "start.json"))
        guard case .compute(let kernel)? = composition.node(named: "sum")?.kind else {
            Issue.record("sum is not a compute node")
            return
        }
        let bytes = try #require(kernel.buffers.first?.initialBytes)
        let words = stride(from: 0, to: 16, by: 4).map { offset in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
        }
        #expect(words == [0x7FFF_FFFF, 0x8000_0000, 0, 0xFFFF_FFFF])
    }

    @Test("an array longer than any buffer is the buffer limit's error, not an overflow")
    func hugeArray() throws {
        let workspace = try Workspace()
        try workspace.write("sum.comp", Self.kernel.replacingOccurrences(of: "int values[];", with: "int values[9223372036854775807];"))
        let problems = try workspace.diagnostics("""
            size: [1, 1]
            nodes:
              sum: { kind: compute, file: sum.comp, dispatch: [1, 1, 1] }
            output: sum
            """)
        #expect(problems.contains { $0.message.contains("MiB at most") }, "\(problems.map(\.description))")
    }
}
