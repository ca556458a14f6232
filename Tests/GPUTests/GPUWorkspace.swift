import Foundation
import GPU
import Images
import ShaderGraph

/// Files and a headless context for one GPU test. GPU suites run serialised: llvmpipe already uses
/// both cores, and each test's context is current on its own thread for its whole (synchronous) run.
final class GPUWorkspace {
    let root: String
    let context: HeadlessContext

    init() throws {
        root = FileManager.default.temporaryDirectory.path + "/shaderbench-gpu-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        context = try HeadlessContext()
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func writePNG(_ relative: String, _ image: RGBAImage) throws -> String {
        let path = root + "/" + relative
        try ImageFile.writePNG(image, to: path)
        return path
    }

    func load(_ yaml: String) throws -> Composition {
        try CompositionLoader.load(path: try write("c.yaml", yaml))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// The largest difference between two images in any channel of any pixel.
func maximumDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
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
