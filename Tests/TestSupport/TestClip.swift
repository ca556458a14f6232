import Foundation
import Images

/// A movie with known content, made by the `ffmpeg` command for the tests: a grey frame with four colour
/// swatches along its lower half, the frame number drawn as white and black blocks along the top (bit 0 on
/// the left), and, when asked, a 440 Hz tone or another sound.
public struct TestClip: Sendable {
    public var width = 320
    public var height = 240
    public var fps = 30
    public var frames = 30
    public var videoCodec = "libx264"
    public var pixelFormat = "yuv420p"
    public var audio = false
    /// The sound's FFmpeg source filter (its duration is added), for a soundtrack other than the 440 Hz tone.
    public var soundSource = "sine=frequency=440:sample_rate=48000"
    /// Arguments placed before the output path (metadata, colour tags, another muxer's options).
    public var extraArguments: [String] = []
    /// Filters applied after the picture is drawn and converted to `pixelFormat` (timestamps, pixel aspect).
    public var extraFilters: [String] = []

    /// The swatches' colours, left to right, as 8-bit RGB.
    public static let swatches: [(r: UInt8, g: UInt8, b: UInt8)] = [(224, 32, 32), (32, 192, 64), (32, 64, 224), (240, 240, 240)]
    public static let bitCount = 10

    public init(width: Int = 320, height: Int = 240, fps: Int = 30, frames: Int = 30, audio: Bool = false) {
        self.width = width
        self.height = height
        self.fps = fps
        self.frames = frames
        self.audio = audio
    }

    /// The side of one frame-number block.
    public var blockSide: Int { max(4, width / (Self.bitCount + 2)) }

    /// The centre of swatch `index` in stored pixels.
    public func swatchCentre(_ index: Int) -> (x: Int, y: Int) {
        (width * (2 * index + 1) / 8, height * 3 / 4)
    }

    /// Writes the clip to `path` (its extension picks the container); throws with ffmpeg's message on failure.
    public func write(to path: String) throws {
        let seconds = Double(frames) / Double(fps)
        var filters = ["format=yuv444p"]
        let swatchWidth = width / 4
        for (index, colour) in Self.swatches.enumerated() {
            let hex = String(format: "0x%02X%02X%02X", colour.r, colour.g, colour.b)
            filters.append("drawbox=x=\(index * swatchWidth):y=\(height / 2):w=\(swatchWidth):h=\(height / 2):color=\(hex):t=fill")
        }
        let side = blockSide
        filters.append("drawbox=x=0:y=0:w=\(side * Self.bitCount):h=\(side):color=black:t=fill")
        for bit in 0..<Self.bitCount {
            filters.append("drawbox=x=\(bit * side):y=0:w=\(side):h=\(side):color=white:t=fill:enable='eq(mod(floor(n/\(1 << bit)),2),1)'")
        }
        filters.append("format=\(pixelFormat)")
        filters += extraFilters
        // The colour source rounds an odd size down to even unless it makes RGB.
        let sourceFormat = width % 2 == 1 || height % 2 == 1 ? ",format=rgb24" : ""
        var arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "lavfi", "-i", "color=c=0x606060:s=\(width)x\(height):r=\(fps):d=\(seconds)\(sourceFormat)"]
        if audio {
            arguments += ["-f", "lavfi", "-i", "\(soundSource):duration=\(seconds)"]
        }
        // -frames:v ends the whole file at the last picture, cutting short the sound still to be interleaved
        // (a few of its last blocks); with sound, a trim ends the pictures alone.
        if audio { filters.append("trim=end_frame=\(frames)") }
        arguments += ["-vf", filters.joined(separator: ",")] + (audio ? [] : ["-frames:v", "\(frames)"]) + ["-c:v", videoCodec]
        if videoCodec == "libx264" { arguments += ["-preset", "ultrafast", "-crf", "10", "-g", "\(fps)"] }
        if audio { arguments += ["-c:a", "aac", "-b:a", "96k"] }
        arguments += extraArguments + [path]
        let result = try runProcess("/usr/bin/ffmpeg", arguments, in: FileManager.default.currentDirectoryPath)
        guard result.status == 0 else {
            throw TestClipError(message: "ffmpeg failed (\(result.status)): \(result.error)")
        }
    }

    /// The frame number drawn in `image`, which shows the clip upright at `scale` times its size; nil when
    /// a block is neither clearly white nor clearly black.
    public func frameNumber(in image: RGBAImage, scale: Double = 1) -> Int? {
        let side = Double(blockSide) * scale
        var number = 0
        for bit in 0..<Self.bitCount {
            let pixel = image[Int((Double(bit) + 0.5) * side), Int(side / 2)]
            let luma = (Int(pixel.r) + Int(pixel.g) + Int(pixel.b)) / 3
            if luma > 170 {
                number |= 1 << bit
            } else if luma > 80 {
                return nil
            }
        }
        return number
    }
}

public struct TestClipError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
