import Foundation
import Images
import TestSupport
import Testing

/// The gallery's compute histogram: its bins, counted on the GPU with atomics, against the same histogram of the
/// same photo counted here.
@Suite("The compute histogram example")
struct ComputeHistogramExampleTests {
    @Test("every bin holds the photo's pixels of that luminance, as counted on the CPU from the decoded file")
    func binsMatchTheCPU() throws {
        let result = try runShaderbench(["inspect", "compositions/examples/compute-histogram.yaml", "--buffer", "Bins[0:256]", "--json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let gpu = try #require((report["elements"] as? [[NSNumber]])?.map { $0[0].intValue })
        let photo = try ImageFile.read(path: Repository.root + "/images/landscape.jpg")
        var cpu = [Int](repeating: 0, count: 256)
        for index in stride(from: 0, to: photo.pixels.count, by: 4) {
            let (r, g, b) = (Float(photo.pixels[index]) / 255, Float(photo.pixels[index + 1]) / 255, Float(photo.pixels[index + 2]) / 255)
            let luminance = r * 0.2126 + g * 0.7152 + b * 0.0722
            cpu[min(Int(luminance * 256), 255)] += 1
        }
        #expect(gpu.reduce(0, +) == photo.width * photo.height)
        // A pixel whose luminance falls on a bin's edge may land either side of it, as the GPU rounds its dot product.
        let moved = zip(gpu, cpu).map { abs($0 - $1) }.reduce(0, +)
        #expect(moved <= 16, "bins differ by \(moved) pixels: \(zip(gpu, cpu).enumerated().filter { $1.0 != $1.1 }.prefix(8))")
    }
}
