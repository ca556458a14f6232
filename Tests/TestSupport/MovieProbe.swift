import Foundation

/// What `ffprobe` reads from a movie file: each stream's codec, size, start, duration, frame rate and decoded
/// frame count.
public struct MovieProbe {
    public struct Stream {
        public var type: String
        public var codec: String
        public var width: Int
        public var height: Int
        /// Seconds, where the container says.
        public var duration: Double?
        /// When the stream's first frame or sound plays, in seconds.
        public var startTime: Double?
        /// The video's frame rate as the fraction the file stores ("30000/1001").
        public var frameRate: String
        /// Frames (or audio packets) read through to the end.
        public var frames: Int

        /// Seconds a frame lasts at `frameRate`; nil when the file gives no rate (a sound stream's "0/0").
        public var framePeriod: Double? {
            let parts = frameRate.split(separator: "/").compactMap { Double($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
            return parts[1] / parts[0]
        }

        /// Where the stream ends, in seconds of the movie: its start and its duration.
        public var end: Double? { duration.map { (startTime ?? 0) + $0 } }
    }

    public var streams: [Stream]

    public var video: Stream? { streams.first { $0.type == "video" } }
    public var audio: Stream? { streams.first { $0.type == "audio" } }

    /// Reads every stream of `path`, counting frames by decoding; throws with ffprobe's message when it
    /// cannot open the file.
    public init(path: String) throws {
        let result = try runProcess("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-count_packets",
                                                         "-show_entries", "stream=codec_type,codec_name,width,height,duration,start_time,r_frame_rate,nb_read_frames,nb_read_packets",
                                                         "-of", "csv=p=0:nk=0", path],
                                    in: FileManager.default.currentDirectoryPath)
        guard result.status == 0 else { throw TestClipError(message: "ffprobe \(path): \(result.error)") }
        streams = result.output.split(separator: "\n").map { line in
            var fields: [String: String] = [:]
            for pair in line.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            let frames = Int(fields["nb_read_frames"] ?? "") ?? Int(fields["nb_read_packets"] ?? "") ?? 0
            return Stream(type: fields["codec_type"] ?? "", codec: fields["codec_name"] ?? "",
                          width: Int(fields["width"] ?? "") ?? 0, height: Int(fields["height"] ?? "") ?? 0,
                          duration: Double(fields["duration"] ?? ""), startTime: Double(fields["start_time"] ?? ""),
                          frameRate: fields["r_frame_rate"] ?? "", frames: frames)
        }
    }

    /// Decodes frame `index` of `path` to an RGBA image, through the `ffmpeg` command.
    public static func frame(_ index: Int, of path: String, width: Int, height: Int) throws -> [UInt8] {
        let result = try runProcessData("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))",
                                                            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        guard result.count == width * height * 4 else {
            throw TestClipError(message: "ffmpeg gave \(result.count) bytes for frame \(index) of \(path)")
        }
        return result
    }
}

/// Runs a program and returns its standard output as bytes.
func runProcessData(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}
