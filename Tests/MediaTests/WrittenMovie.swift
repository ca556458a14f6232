import Foundation
import TestSupport

/// A movie file read back through the `ffprobe` and `ffmpeg` commands, independent of the code under test.
struct WrittenMovie {
    struct Stream: Decodable {
        var codec_type: String
        var codec_name: String
        var width: Int?
        var height: Int?
        var nb_read_frames: String?
        var color_space: String?
        var color_range: String?
    }

    struct Packet: Decodable {
        var pts_time: String?
        var duration_time: String?
    }

    private struct Probe<Item: Decodable>: Decodable {
        var streams: [Item]?
        var packets: [Item]?
    }

    let path: String

    init(_ path: String) {
        self.path = path
    }

    /// Every stream, its frames counted by decoding.
    func streams() throws -> [Stream] {
        let output = try run("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-show_entries",
                                                  "stream=codec_type,codec_name,width,height,nb_read_frames,color_space,color_range",
                                                  "-of", "json", path])
        return try JSONDecoder().decode(Probe<Stream>.self, from: Data(output.utf8)).streams ?? []
    }

    var video: Stream? { get throws { try streams().first { $0.codec_type == "video" } } }
    var audio: Stream? { get throws { try streams().first { $0.codec_type == "audio" } } }

    var frameCount: Int { get throws { try video.flatMap { $0.nb_read_frames.flatMap { Int($0) } } ?? 0 } }

    /// The packets of the first audio stream: when each plays and, where the container says, for how long.
    func audioPackets() throws -> [(time: Double, duration: Double?)] {
        try packets(of: "a:0")
    }

    /// The packets of a stream (`a:0`, `v:0`) in the file's order.
    func packets(of stream: String) throws -> [(time: Double, duration: Double?)] {
        let output = try run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries",
                                                  "packet=pts_time,duration_time", "-of", "json", path])
        let packets = try JSONDecoder().decode(Probe<Packet>.self, from: Data(output.utf8)).packets ?? []
        return packets.compactMap { packet in
            guard let time = packet.pts_time.flatMap(Double.init) else { return nil }
            return (time, packet.duration_time.flatMap(Double.init))
        }
    }

    /// Every frame decoded, as `pixelFormat` ("gray", "rgb24") of `frameBytes` each, in presentation order,
    /// none repeated or dropped to make a constant rate.
    func decodedFrames(pixelFormat: String, frameBytes: Int) throws -> [ArraySlice<UInt8>] {
        let folder = try TemporaryFolder()
        let raw = folder.file("frames.raw")
        _ = try run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough",
                                        "-f", "rawvideo", "-pix_fmt", pixelFormat, raw])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        return stride(from: 0, to: bytes.count - frameBytes + 1, by: frameBytes).map { bytes[$0..<$0 + frameBytes] }
    }

    /// Each frame's luma codes as stored, unconverted (the "gray" format would stretch them to full range).
    func decodedLuma(width: Int, height: Int) throws -> [ArraySlice<UInt8>] {
        try decodedFrames(pixelFormat: "yuv420p", frameBytes: width * height * 3 / 2).map { $0.prefix(width * height) }
    }

    /// The frame numbers drawn in the movie's frames, in presentation order.
    func frameNumbers(drawnBy frames: NumberedFrames) throws -> [Int?] {
        let width = frames.width + frames.width % 2, height = frames.height + frames.height % 2
        return try decodedFrames(pixelFormat: "gray", frameBytes: width * height)
            .map { frames.number(inLuma: $0, rowBytes: width) }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try runProcess(tool, arguments, in: FileManager.default.currentDirectoryPath)
        guard result.status == 0 else {
            throw ToolFailure(message: "\(tool) failed on \(path) (\(result.status)): \(result.error)")
        }
        return result.output
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
