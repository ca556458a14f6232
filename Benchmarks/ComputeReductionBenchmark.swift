import CGLES
import Foundation
import GPU
import Images
import ShaderGraph

/// What compute kernels measure a frame for, against the other ways the workbench can: a 1920×1080 frame's mean
/// colour by the gallery's workgroup reduction (shared memory, read as a buffer value) against the fragment
/// path's `average` reduction; and its 256-bin luminance histogram by atomicAdd into a buffer (its first 16 bins read as a value)
/// against the fragment path's `histogram` (a point per pixel scattered into its bin) and against reading the
/// frame back and counting on the CPU. Every path reads its numbers in the frame; rounds rotate the order; each
/// frame is finished (`glFinish`); the values are compared once.
enum ComputeReductionBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-compute-reduction-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        let picture = noise(width: 1920, height: 1080)
        try ImageFile.writePNG(picture, to: scratch + "/frame.png")
        // The histogram as a kernel counts well on llvmpipe: each work group counts a 64×64 tile into a histogram
        // of its own in shared memory, then adds its bins into the buffer. One global atomic per pixel instead
        // (a 16×16 group, a pixel an invocation) took 2.5× as long, all of it contention on 256 counters.
        try """
            #version 310 es
            layout(local_size_x = 64) in;
            uniform highp sampler2D picture;
            layout(std430, binding = 0) buffer Bins { uint bins[]; };
            shared uint tile[256];
            void main() {
                uint index = gl_LocalInvocationIndex;
                for (uint bin = index; bin < 256u; bin += 64u) tile[bin] = 0u;
                barrier();
                ivec2 size = textureSize(picture, 0);
                int x = int(gl_WorkGroupID.x) * 64 + int(index), top = int(gl_WorkGroupID.y) * 64;
                if (x < size.x) {
                    for (int y = top; y < min(top + 64, size.y); y++) {
                        highp float luminance = dot(texelFetch(picture, ivec2(x, y), 0).rgb, vec3(0.2126, 0.7152, 0.0722));
                        atomicAdd(tile[min(int(luminance * 256.0), 255)], 1u);
                    }
                }
                barrier();
                for (uint bin = index; bin < 256u; bin += 64u) if (tile[bin] > 0u) atomicAdd(bins[bin], tile[bin]);
            }
            """.write(toFile: scratch + "/count.comp", atomically: true, encoding: .utf8)
        let examples = FileManager.default.currentDirectoryPath + "/shaders/examples"
        try """
            size: [1920, 1080]
            nodes:
              frame: { kind: image, file: frame.png }
              sums:
                kind: compute
                passes:
                  - { file: \(examples)/average-tiles.comp, dispatch: ["ceil($WIDTH_picture / 64)", "ceil($HEIGHT_picture / 64)"] }
                  - { file: \(examples)/average-total.comp, dispatch: [1] }
                inputs: { picture: frame }
                buffers: { Partials: { count: 16384, type: vec4 } }
              workgroup: { kind: buffer, input: sums, buffer: Mean }
              fragment: { kind: average, input: frame }
              hist: { kind: compute, file: count.comp, inputs: { picture: frame }, buffers: { Bins: { count: 256 } },
                     dispatch: ["ceil($WIDTH_picture / 64)", "ceil($HEIGHT_picture / 64)"] }
              atomics: { kind: buffer, input: hist, buffer: Bins, start: 0, count: 16 }
              scattered: { kind: histogram, input: frame }
            output: frame
            """.write(toFile: scratch + "/reduce.yaml", atomically: true, encoding: .utf8)
        let composition = try CompositionLoader.load(path: scratch + "/reduce.yaml")
        func executor(keeping node: String) throws -> GraphExecutor {
            try GraphExecutor(composition: composition, keeping: [node])
        }
        var time = 0
        func frame(_ executor: GraphExecutor) throws -> RenderTarget {
            // A new time each frame, so nothing is drawn once and kept.
            time += 1
            return try executor.renderFrame(FrameTime(index: time, fps: 30))
        }
        let workgroup = try executor(keeping: "workgroup"), fragment = try executor(keeping: "fragment")
        _ = try frame(workgroup)
        _ = try frame(fragment)
        let means = (workgroup.value(of: "workgroup") ?? [], fragment.value(of: "fragment") ?? [])
        let meanDifference = zip(means.0, means.1).map { abs($0 - $1) }.max() ?? .nan
        let averages = try measure([("workgroup reduction (2 kernels, shared memory)", workgroup), ("fragment reduction (`average`)", fragment)],
                                   frames: frames, rounds: rounds, frame: { _ = try frame($0) })

        let atomics = try executor(keeping: "atomics"), scattered = try executor(keeping: "scattered"), readBack = try executor(keeping: "frame")
        var counts = [Int](repeating: 0, count: 256)
        func countOnTheCPU() throws {
            let pixels = try frame(readBack).readPixels().pixels
            counts = [Int](repeating: 0, count: 256)
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                let luminance = Float(pixels[offset]) / 255 * 0.2126 + Float(pixels[offset + 1]) / 255 * 0.7152 + Float(pixels[offset + 2]) / 255 * 0.0722
                counts[min(Int(luminance * 256), 255)] += 1
            }
        }
        try countOnTheCPU()
        _ = try frame(atomics)
        let firstBins = atomics.value(of: "atomics") ?? []
        let binsDifference = zip(firstBins, counts).map { abs(Int($0) - $1) }.reduce(0, +)
        let histograms = try measure([("compute atomics into a buffer", atomics), ("fragment scatter (`histogram`)", scattered), ("read back + count on the CPU", readBack)],
                                     frames: frames, rounds: rounds) { executor in
            if executor === readBack { try countOnTheCPU() } else { _ = try frame(executor) }
        }

        print("\n## Compute reductions against the fragment path and the CPU (1920×1080, \(frames) frames × \(rounds) rounds, medians)\n")
        print("| measure | path | ms/frame |")
        print("|---|---|---:|")
        for (name, milliseconds) in averages { print("| mean colour | \(name) | \(String(format: "%.2f", milliseconds)) |") }
        for (name, milliseconds) in histograms { print("| histogram | \(name) | \(String(format: "%.2f", milliseconds)) |") }
        print("\nmean colour: workgroup ÷ fragment \(String(format: "%.3f", averages[0].1 / averages[1].1)); the two means differ by at most \(String(format: "%.2g", meanDifference))")
        print("histogram: CPU readback ÷ compute \(String(format: "%.2f", histograms[2].1 / histograms[0].1)), fragment ÷ compute "
              + "\(String(format: "%.2f", histograms[1].1 / histograms[0].1)); the first 16 bins differ from the CPU's by \(binsDifference) pixels in all")
        withExtendedLifetime(context) {}
    }

    /// Each path's median milliseconds a frame, rounds rotating which goes first.
    private static func measure(_ paths: [(String, GraphExecutor)], frames: Int, rounds: Int,
                                frame: (GraphExecutor) throws -> Void) throws -> [(String, Double)] {
        var times = [[Double]](repeating: [], count: paths.count)
        for round in 0..<rounds {
            for step in 0..<paths.count {
                let index = (step + round) % paths.count
                try frame(paths[index].1)
                glFinish()
                let elapsed = try ContinuousClock().measure {
                    for _ in 0..<frames {
                        try frame(paths[index].1)
                        glFinish()
                    }
                }
                times[index].append(FrameTimer.milliseconds(elapsed) / Double(frames))
            }
        }
        return zip(paths, times).map { ($0.0, FrameTimer.median($1)) }
    }

    private static func noise(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        var state: UInt32 = 2_463_534_242
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            for channel in 0..<3 {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                image.pixels[offset + channel] = UInt8(truncatingIfNeeded: state)
            }
        }
        return image
    }
}
