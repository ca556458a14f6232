import Foundation
import Testing
import TestSupport

/// `render --out -`: a YUV4MPEG2 stream on standard output, read by the real ffmpeg and ffprobe, and a reader
/// that leaves early (`| head`).
@Suite("Frames to a pipe", .serialized)
struct PipeRenderTests {
    /// Four quadrants of known colour; ShaderToy's y points up, so red is the image's lower left.
    static let quadrants = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec3 colour = uv.y < 0.5 ? (uv.x < 0.5 ? vec3(0.9, 0.1, 0.1) : vec3(0.1, 0.8, 0.2))
                                     : (uv.x < 0.5 ? vec3(0.15, 0.2, 0.9) : vec3(0.95, 0.9, 0.3));
            fragColor = vec4(colour, 1.0);
        }
        """

    /// The quadrants' colours in 0–255 at a point inside each, from the top left.
    static let expected: [(x: Int, y: Int, rgb: (Int, Int, Int))] = [
        (40, 90, (230, 26, 26)), (120, 90, (26, 204, 51)), (40, 30, (38, 51, 230)), (120, 30, (242, 230, 77)),
    ]

    let folder: TemporaryFolder
    let shader: String

    init() throws {
        folder = try TemporaryFolder()
        shader = try folder.write("quadrants.glsl", Self.quadrants)
    }

    /// Runs `command` with `bash`, the built executable as `$SHADERBENCH`; returns its exit status.
    func shell(_ command: String) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["SHADERBENCH"] = Repository.executable
        return try runProcess("/bin/bash", ["-c", command], in: folder.path, environment: environment)
    }

    func expectColours(_ rgba: [UInt8], width: Int, frame: Int) {
        for point in Self.expected {
            let offset = (point.y * width + point.x) * 4
            let got = (Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]))
            let difference = max(abs(got.0 - point.rgb.0), abs(got.1 - point.rgb.1), abs(got.2 - point.rgb.2))
            #expect(difference <= 6, "frame \(frame) at \(point.x),\(point.y): \(got) against \(point.rgb)")
        }
    }

    @Test("--out - writes a YUV4MPEG2 stream ffprobe reads with the size, the exact rate and every frame")
    func streamReadBack() throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.glsl --size 160x120 --fps 29.97 --frames 7 --out - > out.y4m 2> err.txt")
        let error = try String(contentsOfFile: folder.file("err.txt"), encoding: .utf8)
        #expect(result.status == 0, "\(error)")
        let bytes = try folder.read("out.y4m")
        let header = "YUV4MPEG2 W160 H120 F30000:1001 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
        #expect(String(decoding: bytes.prefix(header.utf8.count), as: UTF8.self) == header)
        // Nothing but the stream: every message went to standard error.
        #expect(bytes.count == header.utf8.count + 7 * ("FRAME\n".utf8.count + 160 * 120 * 3 / 2))
        #expect(error.contains("wrote 7 frames to standard output"), "\(error)")
        let probe = try MovieProbe(path: folder.file("out.y4m"))
        let video = try #require(probe.video)
        #expect(video.width == 160 && video.height == 120)
        #expect(video.frameRate == "30000/1001")
        #expect(video.frames == 7)
        expectColours(try MovieProbe.frame(3, of: folder.file("out.y4m"), width: 160, height: 120), width: 160, frame: 3)
    }

    @Test("an odd size is written a column and a row larger, with a warning that carries its code")
    func oddSize() throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.glsl --size 7x5 --out - > out.y4m 2> err.txt")
        let error = try String(contentsOfFile: folder.file("err.txt"), encoding: .utf8)
        #expect(result.status == 0, "\(error)")
        #expect(error.contains("warning: standard output: 4:2:0 video needs an even size; 7×5 is written as 8×6, repeating the last column or row [SB6001]\n"),
                "\(error)")
        #expect(try folder.read("out.y4m").starts(with: Array("YUV4MPEG2 W8 H6 ".utf8)))
    }

    @Test("piped straight into ffmpeg, every frame arrives with its colours")
    func pipedIntoFFmpeg() throws {
        let result = try shell("set -o pipefail; \"$SHADERBENCH\" render quadrants.glsl --size 160x120 --frames 5 --out - 2> err.txt"
                               + " | ffmpeg -v error -f yuv4mpegpipe -i - -f rawvideo -pix_fmt rgba -y frames.rgba")
        #expect(result.status == 0, "\(result.error)")
        let rgba = try folder.read("frames.rgba")
        let frameBytes = 160 * 120 * 4
        #expect(rgba.count == 5 * frameBytes)
        for frame in [0, 4] where rgba.count >= (frame + 1) * frameBytes {
            expectColours(Array(rgba[(frame * frameBytes)..<((frame + 1) * frameBytes)]), width: 160, frame: frame)
        }
    }

    @Test("a reader that leaves early ends the render cleanly: exit 0 with a note, no SIGPIPE")
    func closedPipe() throws {
        let result = try shell("\"$SHADERBENCH\" render quadrants.glsl --size 320x240 --frames 300 --out - 2> err.txt | head -c 1000 > /dev/null;"
                               + " echo \"${PIPESTATUS[0]}\"")
        let error = try String(contentsOfFile: folder.file("err.txt"), encoding: .utf8)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(error)")
        #expect(error.contains("standard output was closed by its reader after 0 frames; the render stopped there"), "\(error)")
    }

    @Test("--codec with --out - is a usage error")
    func codecRefused() throws {
        let result = try runShaderbench(["render", shader, "--out", "-", "--codec", "libx264"])
        #expect(result.status == 64)
        #expect(result.error.contains("--out - writes uncompressed YUV4MPEG2 frames"), "\(result.error)")
    }
}
