import Foundation
@testable import Media
import TestSupport
import Testing
import VideoFrames

/// Frames made in the test, written through MovieWriter and read back with ffprobe and ffmpeg.
struct MovieWriterTests {
    /// Writes `count` numbered frames and finishes.
    static func write(_ frames: NumberedFrames, count: Int, to path: String, fps: Int = 30,
                      codec: String? = nil, quality: Int? = nil) throws -> MovieWriter {
        let writer = try MovieWriter(MovieSettings(path: path, width: frames.width, height: frames.height,
                                                   frameRate: .init(fps), codec: codec, quality: quality))
        for index in 0..<count {
            try writer.append(frames.frame(index), frameIndex: index)
        }
        try writer.finish()
        return writer
    }

    @Test(arguments: [("mp4", "h264"), ("mkv", "h264"), ("mov", "h264"), ("webm", "vp9")])
    func writesEveryFrameInOrderInTheContainersUsualCodec(fileExtension: String, codec: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("frames.\(fileExtension)")
        let frames = NumberedFrames(width: 320, height: 240)
        let writer = try Self.write(frames, count: 40, to: path)
        #expect(writer.framesWritten == 40)
        #expect(writer.framesDropped == 0)

        let movie = WrittenMovie(path)
        let video = try #require(try movie.video)
        #expect(video.codec_name == codec)
        #expect(video.width == 320 && video.height == 240)
        #expect(try movie.frameCount == 40)
        #expect(try movie.frameNumbers(drawnBy: frames) == Array(0..<40))
    }

    @Test func aFlatFrameKeepsItsColourAndTheStreamSaysBT709LimitedRange() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("flat.mp4")
        let frames = NumberedFrames(width: 64, height: 48)
        let (luma, blue, red): (UInt8, UInt8, UInt8) = (100, 90, 170)
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        for index in 0..<3 {
            try writer.append(frames.flat(luma: luma, blue: blue, red: red), frameIndex: index)
        }
        try writer.finish()

        let movie = WrittenMovie(path)
        let video = try #require(try movie.video)
        #expect(video.color_space == "bt709")
        #expect(video.color_range == "tv")
        // ffmpeg converts to RGB with the stream's tags; the expected colour comes from the same BT.709
        // limited-range matrix the GPU uses. 4 codes allow for the encoder and the conversion's rounding;
        // read as BT.601 instead, green would be 5 codes off and red 8.
        let (matrix, offset) = frames.encoding.conversion
        let codes = [Float(luma), Float(blue), Float(red)].enumerated().map { $1 / 255 - offset[$0] }
        let expected = (0..<3).map { channel in
            let value = (0..<3).reduce(Float(0)) { $0 + matrix[$1 * 3 + channel] * codes[$1] }
            return Int((min(max(value, 0), 1) * 255).rounded())
        }
        let rgb = try #require(try movie.decodedFrames(pixelFormat: "rgb24", frameBytes: 64 * 48 * 3).first)
        let centre = rgb.startIndex + (24 * 64 + 32) * 3
        let actual = (0..<3).map { Int(rgb[centre + $0]) }
        for channel in 0..<3 {
            #expect(abs(actual[channel] - expected[channel]) <= 4, "channel \(channel): \(actual) against \(expected)")
        }
    }

    @Test func theStreamIsTaggedWithTheFramesColourEncoding() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("full.mkv")
        let encoding = ColorEncoding(matrix: .bt601, range: .full)
        var frames = NumberedFrames(width: 64, height: 48)
        frames.encoding = encoding
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30, encoding: encoding))
        try writer.append(frames.frame(0), frameIndex: 0)
        try writer.finish()

        let video = try #require(try WrittenMovie(path).video)
        #expect(video.color_space == "smpte170m")
        #expect(video.color_range == "pc")
    }

    @Test func anOddSizeIsPaddedToEvenByRepeatingTheLastColumnAndRow() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("odd.mp4")
        let frames = NumberedFrames(width: 65, height: 49)
        // Black with a white last column and last row; quality 0 is lossless, so the padding is exact.
        var frame = frames.flat(luma: NumberedFrames.black, blue: 128, red: 128)
        for row in 0..<49 { frame.bytes[row * 65 + 64] = NumberedFrames.white }
        for column in 0..<65 { frame.bytes[48 * 65 + column] = NumberedFrames.white }
        let writer = try MovieWriter(MovieSettings(path: path, width: 65, height: 49, frameRate: 30, quality: 0))
        try writer.append(frame, frameIndex: 0)
        try writer.finish()

        let movie = WrittenMovie(path)
        let video = try #require(try movie.video)
        #expect(video.width == 66 && video.height == 50)
        let luma = try #require(try movie.decodedLuma(width: 66, height: 50).first)
        func sample(_ column: Int, _ row: Int) -> UInt8 { luma[luma.startIndex + row * 66 + column] }
        #expect(sample(63, 10) == NumberedFrames.black)
        #expect(sample(64, 10) == NumberedFrames.white)
        #expect(sample(65, 10) == NumberedFrames.white, "the padding column repeats the last")
        #expect(sample(10, 47) == NumberedFrames.black)
        #expect(sample(10, 48) == NumberedFrames.white)
        #expect(sample(10, 49) == NumberedFrames.white, "the padding row repeats the last")
    }

    @Test func anUnknownExtensionIsRefusedWithTheContainersItCanWrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("movie.xyz")
        #expect {
            try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        } throws: { error in
            (error as? MediaError)?.message == "\(path): cannot write .xyz movies; use .mp4, .mkv, .mov or .webm"
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aMissingFolderIsRefusedNamingThePath() throws {
        let path = "/nonexistent-shaderbench-folder/movie.mp4"
        #expect {
            try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        } throws: { error in
            let message = (error as? MediaError)?.message ?? ""
            return message.hasPrefix(path + ": ") && message.hasSuffix("No such file or directory")
        }
    }

    @Test func anUnavailableCodecIsRefusedByName() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("movie.mp4")
        #expect {
            try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30, codec: "libnothing"))
        } throws: { error in
            (error as? MediaError)?.message.hasPrefix("\(path): this FFmpeg has no video encoder named libnothing; the usual ones here are libx264, ") == true
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aCodecTheContainerCannotHoldIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("movie.webm")
        #expect {
            try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30, codec: "libx264"))
        } throws: { error in
            (error as? MediaError)?.message == "\(path): .webm movies cannot hold h264 video; use libvpx-vp9"
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFrameOfAnotherSizeOrOutOfOrderIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("movie.mkv")
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        try writer.append(NumberedFrames(width: 64, height: 48).frame(1), frameIndex: 1)
        #expect(throws: MediaError.self) { try writer.append(NumberedFrames(width: 32, height: 48).frame(2), frameIndex: 2) }
        #expect(throws: MediaError.self) { try writer.append(NumberedFrames(width: 64, height: 48).frame(1), frameIndex: 1) }
        try writer.finish()
        #expect(try WrittenMovie(path).frameCount == 1)
    }

    /// RGBA frames are converted into the movie's 4:2:0 on the encoder's thread: a flat colour comes back
    /// within the encoder's and the conversions' rounding.
    @Test func rgbaFramesAreConvertedByTheEncodersThread() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("rgba.mp4")
        let colour: [UInt8] = [200, 120, 60]
        let layout = FrameLayout(format: .rgba, width: 64, height: 48, planes: [.init(offset: 0, bytesPerRow: 64 * 4)],
                                 byteCount: 64 * 48 * 4, encoding: ColorEncoding(matrix: .bt709, range: .full))
        let bytes = [UInt8]((0..<(64 * 48)).flatMap { _ in colour + [255] })
        let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
        for index in 0..<3 {
            try writer.append(VideoFrame(layout: layout, bytes: bytes, sequence: UInt32(index), timestamp: Double(index)), frameIndex: index)
        }
        try writer.finish()
        let movie = WrittenMovie(path)
        #expect(try movie.frameCount == 3)
        let rgb = try #require(try movie.decodedFrames(pixelFormat: "rgb24", frameBytes: 64 * 48 * 3).first)
        let centre = rgb.startIndex + (24 * 64 + 32) * 3
        let actual = (0..<3).map { Int(rgb[centre + $0]) }
        #expect(zip(actual, colour).allSatisfy { abs($0 - Int($1)) <= 4 }, "\(actual) against \(colour)")

        let odd = try MovieWriter(MovieSettings(path: folder.file("odd.mp4"), width: 63, height: 48, frameRate: 30))
        var oddLayout = layout
        oddLayout.width = 63
        #expect(throws: MediaError.self, "4:2:0 from RGBA needs an even size") {
            try odd.append(VideoFrame(layout: oddLayout, bytes: bytes, sequence: 0, timestamp: 0), frameIndex: 0)
        }
        try odd.finish()
    }

    @Test func aWriterReleasedUnfinishedStillFinishesItsMovie() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("released.mkv")
        let frames = NumberedFrames(width: 64, height: 48)
        do {
            let writer = try MovieWriter(MovieSettings(path: path, width: 64, height: 48, frameRate: 30))
            for index in 0..<5 {
                try writer.append(frames.frame(index), frameIndex: index)
            }
        }
        #expect(try WrittenMovie(path).frameNumbers(drawnBy: frames) == Array(0..<5))
    }
}
