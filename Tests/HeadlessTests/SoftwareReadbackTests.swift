import GPU
@testable import Headless
import Images
import ShaderGraph
import ShaderLanguage
import Testing
import TestSupport
import VideoFrames

/// The two ways a rendered frame becomes YUV 4:2:0 give the same planes: the GPU's conversion pass read back,
/// and RGBA read back and converted by libswscale, which renders take where the GPU is software.
@Suite("YUV readback on the GPU and on the CPU", .serialized)
struct SoftwareReadbackTests {
    /// Every plane's samples, by plane, row by row, without the padding a layout may have.
    static func planes(of frame: VideoFrame) -> [[UInt8]] {
        let layout = frame.layout
        let sizes = [(layout.width, layout.height), (layout.width / 2, layout.height / 2), (layout.width / 2, layout.height / 2)]
        return zip(layout.planes, sizes).map { plane, size in
            (0..<size.1).flatMap { row in frame.bytes[(plane.offset + row * plane.bytesPerRow)..<(plane.offset + row * plane.bytesPerRow + size.0)] }
        }
    }

    @Test("a picture of colours and edges converts to planes within a level of each other, in BT.709 and BT.601")
    func cpuMatchesGPU() throws {
        let context = try HeadlessContext()
        let width = 64, height = 36
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                // Hue bands across, a brightness ramp down, and a hard edge every 8 columns.
                let edge: UInt8 = (x / 8) % 2 == 0 ? 40 : 0
                pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(255 - x * 3) &- edge, 255]
            }
        }
        let image = try RenderTarget(image: RGBAImage(width: width, height: height, pixels: pixels))
        for matrix in [ColorEncoding.Matrix.bt709, .bt601] {
            let gpu = try PlanarReadback(imageSize: image.size, depth: 1, matrix: matrix)
            let software = try #require(SoftwarePlanarReadback(imageSize: image.size, matrix: matrix))
            let gpuFrame = try #require(try gpu.push(image, index: 0) ?? gpu.drain().first)
            let softwareFrame = try #require(try software.push(image, index: 0))
            #expect(softwareFrame.layout.encoding == gpuFrame.layout.encoding)
            for (index, (cpu, reference)) in zip(Self.planes(of: softwareFrame), Self.planes(of: gpuFrame)).enumerated() {
                let largest = zip(cpu, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(cpu.count == reference.count && largest <= 1, "\(matrix) plane \(index): largest difference \(largest)")
            }
        }
        #expect(SoftwarePlanarReadback(imageSize: PixelSize(width: 63, height: 36), matrix: .bt709) == nil, "odd sizes go to the GPU, which pads")
        withExtendedLifetime(context) {}
    }

    @Test("every readback refuses an image of another size than its frames', with an error, not a scrambled frame or a trap")
    func otherSizeRefused() throws {
        let context = try HeadlessContext()
        let image = try RenderTarget(image: RGBAImage(width: 64, height: 36, pixels: [UInt8](repeating: 128, count: 64 * 36 * 4)))
        let frameSize = PixelSize(width: 32, height: 18)
        let readbacks: [any FrameReadback] = [
            try PlanarReadback(imageSize: frameSize, depth: 1),
            try #require(SoftwarePlanarReadback(imageSize: frameSize, matrix: .bt709)),
            try #require(RGBAReadback(imageSize: frameSize)),
        ]
        for readback in readbacks {
            #expect(throws: GPUError.self, "\(type(of: readback))") { try readback.push(image, index: 0) }
        }
        withExtendedLifetime(context) {}
    }
}
