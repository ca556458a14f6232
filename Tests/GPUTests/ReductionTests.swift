import GPU
import Images
import ShaderGraph
import Testing

/// Reductions measured on the GPU against the same measure computed on the CPU.
@Suite("Reductions on the GPU", .serialized)
struct ReductionTests {
    /// A white disc on black, at a centre given in pixels.
    func disc(width: Int, height: Int, centre: (Double, Double), radius: Double) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - centre.0, dy = Double(y) + 0.5 - centre.1
                guard dx * dx + dy * dy <= radius * radius else { continue }
                let offset = (y * width + x) * 4
                image.pixels[offset] = 255
                image.pixels[offset + 1] = 255
                image.pixels[offset + 2] = 255
            }
        }
        return image
    }

    /// Renders one frame of a composition measuring `image` and returns the node's value.
    func measure(_ image: RGBAImage, _ node: String) throws -> [Float] {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", image)
        let composition = try workspace.load("""
            nodes:
              picture: { kind: image, file: in.png }
              measured: \(node)
            output: picture
            """)
        let executor = try GraphExecutor(composition: composition, keeping: ["measured"])
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        return try #require(executor.value(of: "measured"))
    }

    func luminance(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
        let pixel = image[x, y]
        return (0.2126 * Double(pixel.r) + 0.7152 * Double(pixel.g) + 0.0722 * Double(pixel.b)) / 255
    }

    @Test("the centroid and area of an off-centre disc, on frames whose sizes are not powers of four", arguments: [
        (1279, 719, 900.5, 200.5, 60.0), (640, 480, 100.0, 400.0, 30.0), (37, 23, 5.0, 17.0, 4.0), (4096, 8, 4000.0, 4.0, 3.0),
    ])
    func centroid(width: Int, height: Int, x: Double, y: Double, radius: Double) throws {
        let image = disc(width: width, height: height, centre: (x, y), radius: radius)
        var count = 0.0, sumX = 0.0, sumY = 0.0
        for row in 0..<height {
            for column in 0..<width where image[column, row].r == 255 {
                count += 1
                sumX += (Double(column) + 0.5) / Double(width)
                sumY += (Double(row) + 0.5) / Double(height)
            }
        }
        let value = try measure(image, "{ kind: centroid, input: picture }")
        #expect(abs(Double(value[0]) - sumX / count) < 1e-5)
        #expect(abs(Double(value[1]) - sumY / count) < 1e-5)
        #expect(abs(Double(value[2]) - count / Double(width * height)) < 1e-6)
    }

    @Test("an empty mask gives the defined nothing-found value")
    func emptyMask() throws {
        let value = try measure(RGBAImage(width: 33, height: 17, fill: (0, 0, 0, 255)), "{ kind: centroid, input: picture }")
        #expect(value == [-1, -1, 0])
    }

    @Test("the average colour of an odd-sized image matches the CPU's")
    func average() throws {
        let image = gradientImage(width: 1279, height: 719)
        var sums = [Double](repeating: 0, count: 4)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            for channel in 0..<4 { sums[channel] += Double(image.pixels[index + channel]) / 255 }
        }
        let value = try measure(image, "{ kind: average, input: picture }")
        for channel in 0..<4 {
            #expect(abs(Double(value[channel]) - sums[channel] / Double(1279 * 719)) < 1e-5, "channel \(channel)")
        }
    }

    @Test("min and max luminance match the CPU's")
    func minimumAndMaximum() throws {
        let image = gradientImage(width: 301, height: 77)
        var low = 1.0, high = 0.0
        for y in 0..<77 {
            for x in 0..<301 {
                low = min(low, luminance(image, x, y))
                high = max(high, luminance(image, x, y))
            }
        }
        let value = try measure(image, "{ kind: minmax, input: picture }")
        #expect(abs(Double(value[0]) - low) < 1e-5 && abs(Double(value[1]) - high) < 1e-5)
    }

    @Test("histogram counts equal the CPU's, for luminance and per channel")
    func histogram() throws {
        let image = gradientImage(width: 300, height: 200)
        var expected = [Float](repeating: 0, count: 1024)
        for y in 0..<200 {
            for x in 0..<300 {
                let pixel = image[x, y]
                // The GPU bins luminance computed in float, as the CPU does here.
                expected[min(Int(luminance(image, x, y) * 256), 255)] += 1
                expected[256 + Int(pixel.r)] += 1
                expected[512 + Int(pixel.g)] += 1
                expected[768 + Int(pixel.b)] += 1
            }
        }
        let value = try measure(image, "{ kind: histogram, input: picture, channels: rgb }")
        #expect(value.count == 1024)
        #expect(Array(value[256...]) == Array(expected[256...]), "red, green and blue bins are exact")
        // Luminance sits on bin edges for some colours, where float rounding may move a pixel by one bin.
        let moved = zip(value[0..<256], expected[0..<256]).reduce(0) { $0 + abs($1.0 - $1.1) }
        #expect(moved <= 0.002 * 60_000, "luminance bins differ by \(moved) counts")
        #expect(value[0..<256].reduce(0, +) == 60_000)
    }
}
