import Foundation
import Images
import TestSupport
import Testing

/// TIFF and WebP files as image nodes, rendered and checked by the real executable: their pixels reach the output,
/// and a damaged file is an error at its node with nothing else on stderr.
@Suite("TIFF and WebP image nodes")
struct ImageFormatRenderTests {
    /// An opaque 32×16 image with structure in every channel.
    let image: RGBAImage = {
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<32 { pixels += [UInt8(x * 8), UInt8(y * 16), UInt8((x * y) & 0xFF), 255] }
        }
        return RGBAImage(width: 32, height: 16, pixels: pixels)
    }()

    /// `image` converted by ImageMagick to `name` in `folder`.
    func write(_ name: String, options: [String] = [], in folder: TemporaryFolder) throws -> String {
        let png = try folder.write("source.png", bytes: try ImageFile.encodePNG(image))
        try ImageMagick.convert(png, to: folder.file(name), options: options)
        return folder.file(name)
    }

    func composition(showing file: String, in folder: TemporaryFolder) throws -> String {
        try folder.write("c.yaml", "nodes:\n  photo: { kind: image, file: \(file) }\n")
    }

    @Test("render of a composition whose image node is a tiled TIFF writes its pixels", arguments: ["photo.tif", "photo.tiff"])
    func tiff(name: String) throws {
        let folder = try TemporaryFolder()
        _ = try write(name, options: ["-alpha", "off", "-define", "tiff:tile-geometry=16x16"], in: folder)
        let result = try runShaderbench(["render", try composition(showing: name, in: folder), "--out", folder.file("out.png")])
        #expect(result.status == 0, "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("out.png")) == image)
    }

    @Test("a TIFF that libtiff warns about (an unknown tag, tags out of order) renders with nothing from libtiff on stderr")
    func tiffWithWarnings() throws {
        let folder = try TemporaryFolder()
        _ = try write("odd.tif", options: ["-alpha", "off"], in: folder)
        var bytes = try folder.read("odd.tif")
        // ImageMagick writes little-endian ("II") here: the first directory's offset, its entry count, then 12-byte
        // entries. Orientation (274) becomes a private tag libtiff does not know, after tags greater than it.
        let directory = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let entries = Int(bytes[directory]) | Int(bytes[directory + 1]) << 8
        let orientation = try #require((0..<entries).map { directory + 2 + $0 * 12 }.first { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 == 274 })
        bytes[orientation ..< orientation + 2] = [0xE8, 0xFD]
        try folder.write("odd.tif", bytes: bytes)
        let result = try runShaderbench(["render", try composition(showing: "odd.tif", in: folder), "--out", folder.file("out.png")])
        #expect(result.status == 0 && result.error == "frame 1/1 → \(folder.file("out.png"))\n", "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("out.png")) == image)
    }

    @Test("render of a composition whose image node is a lossless WebP writes its pixels")
    func webp() throws {
        let folder = try TemporaryFolder()
        _ = try write("photo.webp", options: ["-define", "webp:lossless=true"], in: folder)
        let result = try runShaderbench(["render", try composition(showing: "photo.webp", in: folder), "--out", folder.file("out.png")])
        #expect(result.status == 0, "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("out.png")) == image)
    }

    @Test("--input with numbered TIFF files feeds a lone shader one file per frame")
    func tiffSequenceAsInput() throws {
        let folder = try TemporaryFolder()
        let frames = [image, RGBAImage(width: 32, height: 16, pixels: image.pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : 255 - $0.element })]
        _ = try folder.makeFolder("frames")
        for (index, frame) in frames.enumerated() {
            let png = try folder.write("frame.png", bytes: try ImageFile.encodePNG(frame))
            try ImageMagick.convert(png, to: folder.file("frames/\(index + 1).tif"), options: ["-alpha", "off"])
        }
        let shader = try folder.write("copy.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """)
        let result = try runShaderbench(["render", shader, "--input", folder.file("frames/%d.tif"), "--frames", "2",
                                         "--out", folder.file("out/%d.png")])
        #expect(result.status == 0, "\(result.error)")
        for (index, frame) in frames.enumerated() {
            #expect(try ImageFile.read(path: folder.file("out/\(index).png")) == frame, "frame \(index)")
        }
    }

    @Test("a TIFF or WebP cut short is an error at its node from check and render, with nothing else on stderr",
          arguments: [("cut.tif", "the TIFF file is truncated or corrupt (libtiff: "), ("cut.webp", "the WebP file is truncated (libwebp status 7)")])
    func truncated(name: String, message: String) throws {
        let folder = try TemporaryFolder()
        let wholeName = "whole." + name.split(separator: ".").last!
        _ = try write(wholeName, options: ["-alpha", "off"], in: folder)
        let whole = try folder.read(wholeName)
        let cut = try folder.write(name, bytes: Array(whole.prefix(whole.count / 2)))
        let composition = try composition(showing: name, in: folder)
        for verb in [["check"], ["render", "--out", folder.file("out.png")]] {
            let result = try runShaderbench(verb + [composition])
            #expect(result.status == 1, "\(verb[0]): \(result.error)")
            let lines = result.error.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(composition):2:31: error: \(cut): \(message)") == true, "\(verb[0]): \(result.error)")
            // The located error, the quoted line, its caret and the count, and nothing from the library.
            #expect(lines.count <= 4 && lines.dropFirst().allSatisfy { !$0.contains("TIFF") && !$0.contains("WebP") }, "\(verb[0]): \(result.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }
}
