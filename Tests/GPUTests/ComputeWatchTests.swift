import GPU
import ShaderGraph
import ShaderLanguage
import Testing

/// Watches inside compute kernels: what a watched line's expression was at an invocation, read at the pixel of
/// the same position, with how many times the line ran there; the kernel runs once, instrumented, so its
/// atomics and buffers are as they are unwatched. Expected values are the kernel's arithmetic done here.
@Suite("Compute watches", .serialized)
struct ComputeWatchTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 4, local_size_y = 4) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        layout(std430, binding = 0) buffer Count { uint count; };
        uniform highp float gain;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            highp float t = float(p.x) * gain + float(p.y);
            for (int i = 0; i < p.x; i++) {
                t += 1.0;
            }
            if (p.y == 3) return;
            atomicAdd(count, 1u);
            imageStore(result, p, vec4(t / 16.0, 0.0, 0.0, 1.0));
        }
        """

    func executor() throws -> (GraphExecutor, GPUWorkspace) {
        let workspace = try GPUWorkspace()
        try workspace.write("k.comp", Self.kernel)
        let composition = try workspace.load("""
            size: [8, 6]
            nodes:
              k: { kind: compute, file: k.comp, uniforms: { gain: 0.25 } }
              n: { kind: buffer, input: k, buffer: Count }
            output: k
            publish: [k.gain]
            """)
        return (try GraphExecutor(composition: composition, keeping: ["n"]), workspace)
    }

    @Test("a watch reads its line's last value and runs at the invocation; one past an early return did not run; the atomics count once")
    func readAtTheInvocation() throws {
        let (executor, workspace) = try executor()
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        // 8×6 in 4×4 groups is 8×8 invocations; the 8 of row 3 return before counting.
        #expect(executor.value(of: "n") == [56])
        let passes = executor.watch([ShaderWatch(line: 8, expression: "t"), ShaderWatch(line: 10, expression: "i"),
                                     ShaderWatch(line: 14, expression: "vec2(p) * 2.0")], of: "k")
        #expect(passes.allSatisfy { $0.problem == nil }, "\(passes.compactMap(\.problem))")
        _ = try executor.renderFrame(FrameTime(index: 1, fps: 30))
        #expect(executor.value(of: "n") == [56], "the kernel ran once")
        let t = passes[0].reading(x: 5, y: 1), i = passes[1].reading(x: 5, y: 1), p = passes[2].reading(x: 5, y: 1)
        #expect(t.type == "float" && t.runs == 1 && t.value == [5 * 0.25 + 1])
        #expect(i.type == "int" && i.runs == 5 && i.value == [4], "the loop's last i at x = 5")
        #expect(p.type == "vec2" && p.value == [10, 2])
        #expect(passes[2].reading(x: 2, y: 3).runs == 0, "row 3 returns before line 14")
        #expect(passes[1].reading(x: 0, y: 2).runs == 0, "no loop at x = 0")
        withExtendedLifetime(workspace) {}
    }

    @Test("a value tuned while watched is the one the watch reads; a watch that does not compile is said at its line, the others read")
    func tunedAndBroken() throws {
        let (executor, workspace) = try executor()
        let passes = executor.watch([ShaderWatch(line: 8, expression: "t"), ShaderWatch(line: 8, expression: "nosuch")], of: "k")
        #expect(passes[0].problem == nil)
        let problem = try #require(passes[1].problem)
        #expect(problem.code == .watch && problem.location?.line == 8 && problem.message.contains("nosuch"), "\(problem)")
        #expect(executor.setUniform("gain", of: "k", to: [0.5]))
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        #expect(passes[0].reading(x: 2, y: 1).value == [2 * 0.5 + 1])
        let stored: Double = (2 * 0.5 + 1 + 2) / 16 * 255
        #expect(try executor.renderFrame(FrameTime(index: 1, fps: 30)).readPixels()[2, 1].r == UInt8(stored.rounded()))
        withExtendedLifetime(workspace) {}
    }

    @Test("a watch at file scope or past the kernel's end is refused at its line; a watch in a later kernel names its file")
    func wrongLinesAndLaterKernels() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("k.comp", Self.kernel)
        let second = try workspace.write("total.comp", """
            #version 310 es
            layout(local_size_x = 1) in;
            layout(std430, binding = 0) readonly buffer Count { uint count; };
            layout(rgba32f, binding = 1) writeonly uniform highp image2D total;
            void main() {
                highp float counted = float(count);
                imageStore(total, ivec2(0), vec4(counted));
            }
            """)
        let composition = try workspace.load("""
            size: [8, 6]
            nodes:
              k: { kind: compute, passes: [{ file: k.comp }, { file: total.comp, dispatch: [1] }], uniforms: { gain: 0.25 } }
            output: k
            """)
        let executor = try GraphExecutor(composition: composition)
        let passes = executor.watch([ShaderWatch(line: 3, expression: "gain"), ShaderWatch(line: 40, expression: "t"),
                                     ShaderWatch(line: 6, expression: "counted", file: second)], of: "k")
        #expect(passes[0].problem?.message.contains("file scope") == true, "\(String(describing: passes[0].problem))")
        #expect(passes[1].problem?.message.contains("not a line of the kernel") == true)
        #expect(passes[2].problem == nil, "\(String(describing: passes[2].problem))")
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        // The second kernel's one invocation reads the first's 56 counts.
        let reading = passes[2].reading(x: 0, y: 0)
        #expect(reading.runs == 1 && reading.value == [56], "\(reading)")
    }
}
