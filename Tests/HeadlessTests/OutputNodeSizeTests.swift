import Foundation
import Images
import Testing
import TestSupport

/// A render writes the output node's image at the output node's own size: to a movie and a pipe, by every way a
/// frame becomes YUV (`SHADERBENCH_YUV_CONVERSION`).
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
