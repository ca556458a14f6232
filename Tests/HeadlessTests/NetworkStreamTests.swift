import Foundation
import Images
import TestSupport
import Testing

/// `render --out` to a network stream, received over loopback by FFmpeg's own command (a receiver the project did
/// not write): MPEG-TS over UDP and over SRT (the render listening, FFmpeg calling), FLV to an RTMP server and
/// RTSP published to a server (FFmpeg listening as each), every frame there at the composition's size and rate
/// with render's colours, sent in real time, the soundtrack with it, and a receiver that goes away ending the
/// render with its message and exit code.
@Suite("Network streams out of render", .serialized)
struct NetworkStreamTests {
    /// Four flat quarters whose colours move with the clock: flat areas survive H.264 within a few levels, and
    /// the frames differ, so one out of its place shows.
    static let quarters = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            float t = fract(iTime * 0.5);
            vec3 colour = uv.x < 0.5 ? (uv.y < 0.5 ? vec3(0.9, 0.1, t) : vec3(0.1, 0.8, 0.2)) : (uv.y < 0.5 ? vec3(t, 0.3, 0.9) : vec3(0.95));
            fragColor = vec4(colour, 1.0);
        }
        """

    static func composition(in folder: TemporaryFolder) throws -> String {
        try folder.write("quarters.frag", quarters)
        return try folder.write("stream.yaml", "size: [160, 96]\nnodes:\n  quarters: { kind: shader, file: quarters.frag }\noutput: quarters\n")
    }

    /// Checks the received stream: its frame count, size and rate, and each of a few frames' colours against
    /// render's PNG of the same frame.
    static func checkReceived(_ path: String, frames: Int, composition: String, in folder: TemporaryFolder) throws {
        let probe = try MovieProbe(path: path)
        #expect(probe.audio == nil, "a composition without sound sends none")
        let video = try #require(probe.video)
        #expect(video.codec == "h264" && video.width == 160 && video.height == 96, "\(video)")
        #expect(video.frameRate == "30/1" && video.frames == frames, "\(video)")
        let render = try runShaderbench(["render", composition, "--frames", "\(frames)", "--out", folder.file("png/f-%02d.png")])
        try #require(render.status == 0, "\(render.error)")
        for index in [0, frames / 2, frames - 1] {
            let received = try MovieProbe.frame(index, of: path, width: 160, height: 96)
            let expected = try ImageFile.read(path: folder.file(String(format: "png/f-%02d.png", index))).pixels
            // The middle of each quarter, away from the edges H.264 blurs.
            for (x, y) in [(40, 24), (120, 24), (40, 72), (120, 72)] {
                let at = (y * 160 + x) * 4
                let difference = (0..<3).map { abs(Int(received[at + $0]) - Int(expected[at + $0])) }.max() ?? 0
                #expect(difference <= 4, "frame \(index) at \(x),\(y): received \(received[at..<at + 3]), render drew \(expected[at..<at + 3])")
            }
        }
    }

    /// Starts a render of `frames` frames listening on SRT and, once it listens, FFmpeg calling it (with
    /// `receiving` options) into `received.ts` until the stream or the options end it.
    static func callListeningRender(_ composition: String, frames: Int, receiving: [String] = [],
                                    in folder: TemporaryFolder) throws -> (sender: RunningProcess, url: String, receiver: ProcessResult) {
        let port = NetworkPorts.freeUDP()
        let url = "srt://127.0.0.1:\(port)?mode=listener"
        let sender = try RunningProcess(Repository.executable, ["render", composition, "--frames", "\(frames)", "--out", url],
                                        environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        try #require(eventually { NetworkPorts.isBoundUDP(port) }, "the render listens: \(sender.error)")
        let receiver = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", "srt://127.0.0.1:\(port)?mode=caller&latency=1000000&tlpktdrop=0"] + receiving
                                          + ["-c", "copy", folder.file("received.ts")], in: folder.path)
        return (sender, url, receiver)
    }

    @Test("UDP: FFmpeg receives every frame at the composition's size and rate, with render's colours, sent in real time")
    func udp() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.composition(in: folder)
        let port = NetworkPorts.freeUDP()
        // Ends 3 s after the last packet.
        let receiver = try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", "udp://127.0.0.1:\(port)?timeout=3000000", "-c", "copy", folder.file("received.ts")],
                                          environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        try #require(eventually { NetworkPorts.isBoundUDP(port) }, "the receiver listens")
        let started = Date()
        let sender = try runShaderbench(["render", composition, "--frames", "30", "--out", "udp://127.0.0.1:\(port)?pkt_size=1316"])
        let seconds = Date().timeIntervalSince(started)
        try #require(sender.status == 0, "\(sender.error)")
        #expect(sender.output.contains("sent udp://127.0.0.1:\(port)?pkt_size=1316 (30 frames)") && sender.error.contains("in real time"), "\(sender.output)\(sender.error)")
        // 30 frames at 30 a second take a second at least, where a file is written as fast as they are drawn.
        #expect(seconds >= 0.95, "sent in \(seconds) s")
        try #require(receiver.waitForExit(timeout: 20), "the receiver stops once the stream does")
        try Self.checkReceived(folder.file("received.ts"), frames: 30, composition: composition, in: folder)
    }

    @Test("SRT: the render listens, FFmpeg calls and receives every frame; the last ones are not lost when the render closes")
    func srt() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.composition(in: folder)
        // Two seconds of frames: FFmpeg's caller, probing the stream on a loaded machine, fails with an I/O
        // error when the render closes before its probe has read enough (seen with 20 frames).
        let (sender, url, receiver) = try Self.callListeningRender(composition, frames: 60, in: folder)
        try #require(sender.waitForExit(timeout: 30))
        #expect(sender.status == 0 && sender.output.contains("sent \(url) (60 frames)"), "\(sender.error)\(receiver.error)")
        #expect(sender.error.contains("once a receiver connects"), "\(sender.error)")
        try #require(FileManager.default.fileExists(atPath: folder.file("received.ts")),
                     "FFmpeg wrote nothing (status \(receiver.status)): \(receiver.error); the render said: \(sender.error)")
        try Self.checkReceived(folder.file("received.ts"), frames: 60, composition: composition, in: folder)
    }

    @Test("SRT: a receiver that goes away ends the render with a message saying so and exit code 3")
    func receiverGoesAway() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.composition(in: folder)
        // The caller takes ten frames and hangs up.
        let (sender, url, _) = try Self.callListeningRender(composition, frames: 900, receiving: ["-frames:v", "10"], in: folder)
        try #require(sender.waitForExit(timeout: 25), "the render stops well before its 30 s of frames")
        #expect(sender.status == 3, "\(sender.error)")
        #expect(sender.error.contains("\(url): sending (the receiver has gone, or refuses the stream)") && sender.error.contains("[SB6002]"), "\(sender.error)")
    }

    /// Runs FFmpeg as a server on `port` (its `arguments` before the URL), sends the render to `url`, and
    /// checks what the server received.
    static func publish(to url: String, port: Int, serving arguments: [String], composition: String, in folder: TemporaryFolder) throws -> String {
        let received = folder.file("received.mkv")
        let server = try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-y"] + arguments + ["-i", url, "-c", "copy", received],
                                        environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        try #require(eventually { NetworkPorts.isListeningTCP(port) }, "the server listens: \(server.error)")
        let sender = try runShaderbench(["render", composition, "--frames", "20", "--out", url])
        #expect(sender.status == 0 && sender.output.contains("sent \(url) (20 frames)"), "\(sender.error)")
        try #require(server.waitForExit(timeout: 20), "the server stops when the stream ends")
        return received
    }

    @Test("RTMP: an RTMP server (FFmpeg listening) receives every frame as FLV, with the composition's soundtrack as AAC")
    func rtmp() throws {
        let folder = try TemporaryFolder()
        try MovieSoundRenderTests.clip(in: folder)
        let composition = try folder.write("show.yaml", """
            nodes:
              clip: { kind: movie, file: clip.mp4 }
              show: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: clip } }
            output: show
            """)
        let port = NetworkPorts.freeUDP()
        let received = try Self.publish(to: "rtmp://127.0.0.1:\(port)/live/show", port: port, serving: ["-listen", "1"], composition: composition, in: folder)
        let probe = try MovieProbe(path: received)
        #expect(probe.video?.codec == "h264" && probe.video?.frames == 20 && probe.video?.width == 160, "\(probe.streams)")
        #expect(probe.audio?.codec == "aac", "\(probe.streams)")
    }

    @Test("RTSP: a stream published to an RTSP server (FFmpeg listening) arrives whole, with render's colours")
    func rtsp() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.composition(in: folder)
        let port = NetworkPorts.freeUDP()
        let received = try Self.publish(to: "rtsp://127.0.0.1:\(port)/quarters", port: port, serving: ["-rtsp_flags", "listen"], composition: composition, in: folder)
        try Self.checkReceived(received, frames: 20, composition: composition, in: folder)
    }
}
