import Foundation
import Images
@testable import Media
import Testing
import TestSupport
import VideoFrames

/// Frames come in the planes the GPU converts, with the colour description that makes them right; formats
/// a shader does not take arrive as RGBA.
struct MovieReaderFormatTests {
    /// The first frame of the movie at `path`.
    private func firstFrame(_ path: String) throws -> (MovieReader, VideoFrame) {
        let reader = try MovieReader(path: path)
        return (reader, try #require(try reader.frame(at: 0, wait: 10)))
    }

    /// The largest channel difference of any swatch's centre from its colour.
    private func swatchError(_ frame: VideoFrame, _ clip: TestClip) -> Int {
        TestClip.swatches.indices.map { index in
            let centre = clip.swatchCentre(index)
            return channelDifference(pixel(of: frame, x: centre.x, y: centre.y), TestClip.swatches[index])
        }.max() ?? .max
    }

    /// H.264 at CRF 10 keeps every 8-bit swatch within 6 codes once converted back (measured: at most 2,
    /// full range included).
    @Test(arguments: [("yuv420p", PlaneFormat.i420), ("yuv422p", .yuv422p), ("yuv444p", .yuv444p)])
    func planarH264ComesAsItsOwnPlanes(pixelFormat: String, expected: PlaneFormat) throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.pixelFormat = pixelFormat
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.mp4"))
        #expect(frame.layout.format == expected)
        #expect(reader.info.pixelFormatName == pixelFormat)
        #expect(reader.info.codecName == "h264")
        #expect(frame.layout.encoding == ColorEncoding(matrix: .bt601, range: .limited), "untagged and smaller than 720 lines")
        #expect(swatchError(frame, clip) <= 6)
        #expect(frameNumber(of: frame, in: clip) == 0)
    }

    /// Uncompressed movies decode to exactly the format stored, which shows every native plane layout and
    /// the conversion of the rest; only chroma subsampling and 8-bit rounding move the swatches (measured: 1).
    @Test(arguments: [("nv12", PlaneFormat.nv12), ("yuyv422", .yuyv), ("uyvy422", .uyvy), ("rgb24", .rgb24),
                      ("bgr24", .bgr24), ("rgba", .rgba), ("gray", .rgba), ("gbrp", .rgba), ("yuv420p10le", .rgba)])
    func uncompressedFormatsComeNativeOrAsRGBA(pixelFormat: String, expected: PlaneFormat) throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.pixelFormat = pixelFormat
        clip.videoCodec = "rawvideo"
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.nut"))
        #expect(frame.layout.format == expected)
        #expect(reader.info.pixelFormatName == pixelFormat)
        #expect(frame.bytes.count >= frame.layout.byteCount)
        #expect(frameNumber(of: frame, in: clip) == 0)
        if pixelFormat == "gray" {
            // Grey keeps only luma: the swatches become greys of their BT.601 luma.
            let red = pixel(of: frame, x: clip.swatchCentre(0).x, y: clip.swatchCentre(0).y)
            #expect(red.r == red.g && red.g == red.b)
        } else {
            #expect(swatchError(frame, clip) <= 3)
        }
    }

    /// A paletted movie's colours are the palette's, which are coarse: FFmpeg's own decoding is the reference.
    @Test func aPalettedMovieShowsWhatFFmpegShows() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.pixelFormat = "pal8"
        clip.videoCodec = "rawvideo"
        let path = try folder.write(clip, as: "clip.nut")
        let (_, frame) = try firstFrame(path)
        #expect(frame.layout.format == .rgba)
        let shown = folder.file("shown.png")
        let result = try runProcess("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", path,
                                                        "-frames:v", "1", shown], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let reference = try ImageFile.read(path: shown)
        #expect(meanDifference(rgbaImage(of: frame), reference) < 1)
        #expect(frameNumber(of: frame, in: clip) == 0)
    }

    @Test func aFullRangeMovieSaysSoAndItsColoursHold() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.pixelFormat = "yuvj420p"
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.mp4"))
        #expect(frame.layout.format == .i420)
        #expect(frame.layout.encoding == ColorEncoding(matrix: .bt601, range: .full))
        #expect(reader.info.encoding.range == .full)
        #expect(swatchError(frame, clip) <= 6)
    }

    @Test func colourTagsChooseTheMatrix() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.extraArguments = ["-colorspace", "bt709", "-color_range", "pc"]
        let (_, frame) = try firstFrame(try folder.write(clip, as: "clip.mp4"))
        #expect(frame.layout.encoding == ColorEncoding(matrix: .bt709, range: .full))
        var large = TestClip(width: 1280, height: 720, frames: 2)
        large.extraArguments = []
        let (_, largeFrame) = try firstFrame(try folder.write(large, as: "large.mp4"))
        #expect(largeFrame.layout.encoding == ColorEncoding(matrix: .bt709, range: .limited), "untagged HD is BT.709")
    }

    /// libswscale converts 10-bit frames to RGBA with the movie's matrix: within 3 codes of the 8-bit swatches
    /// (measured: 1).
    @Test func aTenBitMovieIsConvertedToRGBA() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.pixelFormat = "yuv420p10le"
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.mp4"))
        #expect(reader.info.pixelFormatName == "yuv420p10le")
        #expect(frame.layout.format == .rgba)
        #expect(frame.layout.planes == [.init(offset: 0, bytesPerRow: clip.width * 4)])
        #expect(swatchError(frame, clip) <= 3)
        #expect(frameNumber(of: frame, in: clip) == 0)
    }

    @Test func anOddSizeKeepsEveryPlaneWhole() throws {
        let folder = try TemporaryFolder()
        // libx264 takes no odd sizes in 4:2:0; FFV1 does, losslessly.
        var clip = TestClip(width: 641, height: 359)
        clip.videoCodec = "ffv1"
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.mkv"))
        #expect((reader.info.width, reader.info.height) == (641, 359))
        #expect(frame.layout.format == .i420)
        #expect(frame.layout.planes.map(\.bytesPerRow) == [641, 321, 321])
        #expect(frame.layout.byteCount == 641 * 359 + 2 * 321 * 180)
        #expect(frame.bytes.count == frame.layout.byteCount)
        #expect(swatchError(frame, clip) <= 3)
        // The last column and row lie past the swatches (4 × 160 by 179 pixels): the grey background.
        #expect(channelDifference(pixel(of: frame, x: 640, y: 358), (0x60, 0x60, 0x60)) <= 3)
        #expect(channelDifference(pixel(of: frame, x: 639, y: 357), TestClip.swatches[3]) <= 3)
        let next = try #require(try reader.frame(at: 1.0 / 30, wait: 10))
        #expect(frameNumber(of: next, in: clip) == 1)
    }

    /// A phone's portrait movie is stored landscape with a display matrix saying how to turn it. FFmpeg's
    /// own command turns it when it decodes: the reference for the direction. FFmpeg 5.1's MP4 muxer stores
    /// `rotate=90` as a matrix of 90° counter-clockwise (ffprobe says "rotation=90"), which both FFmpeg and
    /// the reader show as three clockwise quarter turns.
    @Test func aRotatedMovieTurnsTheWayFFmpegShowsIt() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip()
        // FFmpeg 5.1 keeps the rotate tag as a display matrix when it copies a stream, not when it encodes one.
        let unturned = try folder.write(clip, as: "unturned.mp4")
        let path = folder.file("clip.mp4")
        let tagged = try runProcess("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", unturned, "-c", "copy",
                                                        "-metadata:s:v:0", "rotate=90", path], in: folder.path)
        #expect(tagged.status == 0, "\(tagged.error)")
        let (reader, frame) = try firstFrame(path)
        #expect(reader.info.quarterTurns == 3, "rotate=90 in FFmpeg 5.1's MP4: three clockwise quarter turns")
        #expect(frame.layout.quarterTurns == 3)
        #expect(reader.info.displaySize == (240, 320))
        #expect(reader.frameSize! == (240, 320))

        let shown = folder.file("shown.png")
        let result = try runProcess("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", path,
                                                        "-frames:v", "1", shown], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let reference = try ImageFile.read(path: shown)
        var turned = rgbaImage(of: frame)
        for _ in 0..<frame.layout.quarterTurns { turned = turnedClockwise(turned) }
        #expect((reference.width, reference.height) == (turned.width, turned.height))
        #expect(meanDifference(turned, reference) < 4)
        // Turning the other way would put the frame-number blocks at the bottom instead of the top.
        #expect(meanDifference(turnedClockwise(turnedClockwise(turned)), reference) > 20)
    }

    @Test func nonSquarePixelsWidenTheShownPicture() throws {
        let folder = try TemporaryFolder()
        var clip = TestClip()
        clip.extraFilters = ["setsar=2/1"]
        let (reader, frame) = try firstFrame(try folder.write(clip, as: "clip.mp4"))
        #expect(reader.info.pixelAspect == 2)
        #expect(frame.layout.pixelAspect == 2)
        #expect(reader.info.displaySize == (640, 240))
    }

    private func turnedClockwise(_ image: RGBAImage) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Stored (x, y) goes to column height−1−y of row x.
                let target = (x * image.height + (image.height - 1 - y)) * 4
                let source = (y * image.width + x) * 4
                for channel in 0..<4 { pixels[target + channel] = image.pixels[source + channel] }
            }
        }
        return RGBAImage(width: image.height, height: image.width, pixels: pixels)
    }

    private func meanDifference(_ first: RGBAImage, _ second: RGBAImage) -> Double {
        guard first.width == second.width, first.height == second.height else { return .infinity }
        var total = 0
        for index in first.pixels.indices where index % 4 != 3 {
            total += abs(Int(first.pixels[index]) - Int(second.pixels[index]))
        }
        return Double(total) / Double(first.pixels.count / 4 * 3)
    }
}
