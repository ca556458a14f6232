import Foundation
import GPU
import Images
import ShaderGraph
import TestSupport

/// Files and a headless context for one GPU test. GPU suites run serialised: llvmpipe already uses
/// both cores, and each test's context is current on its own thread for its whole (synchronous) run.
final class GPUWorkspace {
    private let folder: TemporaryFolder
    var root: String { folder.path }
    let context: HeadlessContext

    init() throws {
        folder = try TemporaryFolder()
        context = try HeadlessContext()
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try folder.write(relative, text)
    }

    @discardableResult
    func writePNG(_ relative: String, _ image: RGBAImage) throws -> String {
        let path = folder.file(relative)
        try ImageFile.writePNG(image, to: path)
        return path
    }

    func load(_ yaml: String) throws -> Composition {
        try CompositionLoader.load(path: try write("c.yaml", yaml))
    }
}

/// An image whose every pixel is different and whose top differs from its bottom, for orientation checks.
func gradientImage(width: Int, height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) % 256), 255]
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// An opaque image of seeded random colours, where neighbouring pixels are unrelated: a sample one texel
/// off reads a visibly different value.
func noiseImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var random = SeededRandomNumbers(seed: seed)
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) {
        pixels += [UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                   UInt8.random(in: 0...255, using: &random), 255]
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}
