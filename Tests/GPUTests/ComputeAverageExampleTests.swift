import Foundation
import GPU
import Images
import ShaderGraph
import Testing
import TestSupport

/// The gallery's workgroup average: the mean colour its kernels leave in a buffer, read by a buffer node, against
/// the fragment path's `average` reduction of the same photo in the same frame, and against the mean of the
/// decoded photo added up here.
@Suite("The compute average example", .serialized)
struct ComputeAverageExampleTests {
    @Test("the workgroup reduction's mean equals the fragment reduction's within 1/255, and the photo's own mean")
    func sameAsTheFragmentReduction() throws {
        let workspace = try GPUWorkspace()
        let example = try String(contentsOfFile: Repository.path("compositions/examples/compute-average.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "../../", with: Repository.root + "/")
        let composition = try workspace.load(example.replacingOccurrences(of: "output: swatch", with: """
              fragment: { kind: average, input: photo }
            output: swatch
            """))
        let executor = try GraphExecutor(composition: composition, keeping: ["fragment"])
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        let workgroup = try #require(executor.value(of: "mean"))
        let fragment = try #require(executor.value(of: "fragment"))
        let photo = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        var sums = [Double](repeating: 0, count: 4)
        for index in stride(from: 0, to: photo.pixels.count, by: 4) {
            for channel in 0..<4 { sums[channel] += Double(photo.pixels[index + channel]) / 255 }
        }
        let cpu = sums.map { Float($0 / Double(photo.width * photo.height)) }
        for channel in 0..<4 {
            #expect(abs(workgroup[channel] - fragment[channel]) <= 1.0 / 255, "channel \(channel): \(workgroup) against \(fragment)")
            #expect(abs(workgroup[channel] - cpu[channel]) <= 1e-4, "channel \(channel): \(workgroup) against \(cpu)")
        }
    }
}
