import Foundation
import Images
import Testing
import TestSupport

/// A render writes the output node's image at the output node's own size: to PNGs, a movie and a pipe, by every
/// way a frame becomes YUV (`SHADERBENCH_YUV_CONVERSION`); `--size` beside such a node is said, once, to size
/// only the rest of the graph.
@Suite("An output node with a size of its own", .serialized)
struct OutputNodeSizeTests {
    /// The output node's declared size, which differs from the composition's 320×240 in both sides.
    static let width = 160, height = 96

    static let composition = """
        composition: 1
        size: [320, 240]
        nodes:
          quadrants: { kind: shader, file: quadrants.glsl, size: [\(width), \(height)] }
        output: quadrants
        """

    /// The conversions a frame to YUV can take; "default" leaves the renderer to choose.
    static let conversions = ["default", "gpu", "cpu"]

    /// The quadrants' colours in 0–255 at a point inside each, from the top left; ShaderToy's y points up, so red
    /// is the image's lower left.
    static let expected: [(x: Int, y: Int, rgb: (Int, Int, Int))] = [
        (width / 4, height * 3 / 4, (230, 26, 26)), (width * 3 / 4, height * 3 / 4, (26, 204, 51)),
        (width / 4, height / 4, (38, 51, 230)), (width * 3 / 4, height / 4, (242, 230, 77)),
    ]

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        _ = try folder.write("quadrants.glsl", PipeRenderTests.quadrants)
        _ = try folder.write("quadrants.yaml", Self.composition)
    }

    /// Runs `command` with `bash` in the folder, the built executable as `$SHADERBENCH`, the conversion to YUV as
    /// `conversion` says.
    func shell(_ command: String, conversion: String = "default") throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["SHADERBENCH"] = Repository.executable
        environment["SHADERBENCH_YUV_CONVERSION"] = conversion == "default" ? nil : conversion
        return try runProcess("/bin/bash", ["-c", command], in: folder.path, environment: environment)
    }

    func errorText() throws -> String {
        try String(contentsOfFile: folder.file("err.txt"), encoding: .utf8)
    }

    /// Frame `index` of a movie or stream, decoded by ffmpeg at the output node's size, shows the quadrants
    /// whole, not a corner of them.
    func expectQuadrants(inFrame index: Int, of path: String) throws {
        let rgba = try MovieProbe.frame(index, of: folder.file(path), width: Self.width, height: Self.height)
        for point in Self.expected {
            let offset = (point.y * Self.width + point.x) * 4
            let got = (Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]))
            let difference = max(abs(got.0 - point.rgb.0), abs(got.1 - point.rgb.1), abs(got.2 - point.rgb.2))
            #expect(difference <= 6, "frame \(index) at \(point.x),\(point.y): \(got) against \(point.rgb)")
        }
    }

    @Test("a movie has the output node's size and every frame, by each conversion", arguments: conversions)
    func movie(conversion: String) throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.yaml --frames 3 --out clip.mp4 2> err.txt", conversion: conversion)
        let error = try errorText()
        #expect(result.status == 0, "\(error)")
        let video = try #require(try MovieProbe(path: folder.file("clip.mp4")).video)
        #expect(video.width == Self.width && video.height == Self.height)
        #expect(video.frames == 3)
        try expectQuadrants(inFrame: 1, of: "clip.mp4")
    }

    @Test("a pipe's stream has the output node's size and every frame, by each conversion", arguments: conversions)
    func pipe(conversion: String) throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.yaml --frames 3 --out - > out.y4m 2> err.txt", conversion: conversion)
        let error = try errorText()
        #expect(result.status == 0, "\(error)")
        let bytes = try folder.read("out.y4m")
        let header = "YUV4MPEG2 W\(Self.width) H\(Self.height) F30:1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
        #expect(String(decoding: bytes.prefix(header.utf8.count), as: UTF8.self) == header)
        #expect(bytes.count == header.utf8.count + 3 * ("FRAME\n".utf8.count + Self.width * Self.height * 3 / 2))
        let video = try #require(try MovieProbe(path: folder.file("out.y4m")).video)
        #expect(video.width == Self.width && video.height == Self.height)
        #expect(video.frames == 3)
        try expectQuadrants(inFrame: 2, of: "out.y4m")
    }

    @Test("PNG frames have the output node's size, and a --size other than it is said once to size only the rest")
    func pngWithSize() throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.yaml --size 640x480 --frames 2 --out f-%d.png 2> err.txt")
        let error = try errorText()
        #expect(result.status == 0, "\(error)")
        for frame in 0..<2 {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            #expect(image.width == Self.width && image.height == Self.height, "frame \(frame)")
        }
        #expect(error.components(separatedBy: "[SB6004]").count == 2, "\(error)")
        #expect(error.contains("quadrants.yaml:4:"), "said at the output node: \(error)")
        #expect(error.contains("--size 640×480 sizes the render, but the output node 'quadrants' has a size of its own: its frames are written at \(Self.width)×\(Self.height) [SB6004]"),
                "\(error)")
        // A --size the output node's own size equals changes nothing written, and is not warned about.
        let matching = try shell("\"$SHADERBENCH\" render quadrants.yaml --size \(Self.width)x\(Self.height) --out one.png 2> err.txt")
        let matchingError = try errorText()
        #expect(matching.status == 0 && !matchingError.contains("SB6004"), "\(matchingError)")
    }

    @Test("a movie with --size beside the output node's own size is written at the node's, with the warning once")
    func movieWithSize() throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.yaml --size 640x480 --frames 2 --out clip.mp4 2> err.txt")
        let error = try errorText()
        #expect(result.status == 0, "\(error)")
        let video = try #require(try MovieProbe(path: folder.file("clip.mp4")).video)
        #expect(video.width == Self.width && video.height == Self.height && video.frames == 2)
        #expect(error.components(separatedBy: "[SB6004]").count == 2, "\(error)")
    }

    @Test("the README's tour renders to a movie at its output's size: grade's size: [640, 360]")
    func tourMovie() throws {
        let result = try shell("\"$SHADERBENCH\" render \"\(Repository.path("compositions/tour.yaml"))\" --out clip.mp4 2> err.txt")
        let error = try errorText()
        #expect(result.status == 0, "\(error)")
        let video = try #require(try MovieProbe(path: folder.file("clip.mp4")).video)
        #expect(video.width == 640 && video.height == 360)
        #expect(video.frames == 1)
    }
}
