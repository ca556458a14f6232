import Foundation
import Images
import TestSupport
import Testing

/// A movie node whose `file:` is a network stream, rendered: MPEG-TS over UDP from FFmpeg's own sender (a
/// producer the project did not write) with a colour the test chose, FFmpeg serving over HTTP, TCP and RTMP,
/// one workbench's SRT stream fed into a second, and a stream nobody sends ending the render with its error.
@Suite("Network streams into render", .serialized)
struct NetworkStreamInputTests {
    /// Shows its input's colours inverted, so the picture is the receiver's own work on what arrived.
    static let invert = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = vec4(1.0 - texture2D(inputImageTexture, textureCoordinate).rgb, 1.0); }
        """

    /// A composition whose live source the stream replaces (`--input URL`), inverted.
    static func receiver(in folder: TemporaryFolder) throws -> String {
        try folder.write("invert.fsh", invert)
        return try folder.write("receive.yaml", """
            nodes:
              source: { kind: pattern }
              invert: { kind: shader, file: invert.fsh, inputs: { inputImageTexture: source } }
            output: invert
            """)
    }

    /// FFmpeg sending a flat `colour` (as `0xRRGGBB`) as H.264 in MPEG-TS to `url`, in real time, for `seconds`,
    /// a keyframe every `keyframeInterval` frames.
    static func sendColour(_ colour: String, to url: String, seconds: Int = 20, keyframeInterval: Int = 10,
                           in folder: TemporaryFolder) throws -> RunningProcess {
        try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-re", "-f", "lavfi", "-i", "color=c=\(colour):s=160x96:r=30", "-t", "\(seconds)",
                                               "-c:v", "libx264", "-tune", "zerolatency", "-g", "\(keyframeInterval)", "-pix_fmt", "yuv420p",
                                               "-f", "mpegts", url],
                           environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
    }

    static func differs(_ shown: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), from expected: (Int, Int, Int), by most: Int) -> Bool {
        abs(Int(shown.r) - expected.0) > most || abs(Int(shown.g) - expected.1) > most || abs(Int(shown.b) - expected.2) > most
    }

    @Test("UDP: FFmpeg's stream is decoded as it arrives, at its own size, in the colour it sent, its frames converted on either side",
          arguments: ["cpu", "gpu"])
    func udpFromFFmpeg(conversion: String) throws {
        let folder = try TemporaryFolder()
        let composition = try Self.receiver(in: folder)
        let port = NetworkPorts.freeUDP()
        let sender = try Self.sendColour("0x3080c0", to: "udp://127.0.0.1:\(port)?pkt_size=1316", in: folder)
        defer { sender.stopNow() }
        var environment = ProcessInfo.processInfo.environment
        environment["SHADERBENCH_FRAME_CONVERSION"] = conversion
        let render = try runShaderbench(["render", composition, "--input", "udp://127.0.0.1:\(port)", "--frames", "5", "--out", folder.file("f-%d.png")],
                                        in: folder.path, environment: environment)
        try #require(render.status == 0, "\(render.error)")
        #expect(render.error.contains("udp://127.0.0.1:\(port): h264 160×96") || render.output.contains("udp://127.0.0.1:\(port): h264 160×96"),
                "the render says what arrived: \(render.output)\(render.error)")
        for index in 0..<5 {
            let image = try ImageFile.read(path: folder.file("f-\(index).png"))
            #expect(image.width == 160 && image.height == 96, "the node takes the stream's size")
            // 0x3080c0 inverted; YCbCr 4:2:0 in limited range keeps a flat colour within a few levels.
            let pixel = image[80, 48]
            #expect(!Self.differs(pixel, from: (255 - 0x30, 255 - 0x80, 255 - 0xc0), by: 4), "frame \(index): \(pixel)")
        }
    }

    @Test("a stream joined between its keyframes, which come every 3 s, shows from the next one")
    func joinedBetweenKeyframes() throws {
        let folder = try TemporaryFolder()
        let composition = try Self.receiver(in: folder)
        let port = NetworkPorts.freeUDP()
        let sender = try Self.sendColour("0x3080c0", to: "udp://127.0.0.1:\(port)?pkt_size=1316", keyframeInterval: 90, in: folder)
        defer { sender.stopNow() }
        // Past the first keyframe: the picture's size comes with the next.
        Thread.sleep(forTimeInterval: 0.5)
        let render = try runShaderbench(["render", composition, "--input", "udp://127.0.0.1:\(port)", "--frames", "2", "--out", folder.file("f-%d.png")],
                                        in: folder.path)
        try #require(render.status == 0, "\(render.error)")
        let image = try ImageFile.read(path: folder.file("f-1.png"))
        #expect(image.width == 160 && !Self.differs(image[80, 48], from: (255 - 0x30, 255 - 0x80, 255 - 0xc0), by: 4), "\(image[80, 48])")
    }

    @Test("HTTP, TCP and RTMP: FFmpeg serving its stream, the workbench as the client receives it in the colour sent",
          arguments: [("http", "/live.ts", ["-listen", "1", "-f", "mpegts"], ""), ("tcp", "", ["-f", "mpegts"], "?listen=1"),
                      ("rtmp", "/live/feed", ["-listen", "1", "-f", "flv"], "")])
    func served(scheme: String, path: String, muxing: [String], serverOptions: String) throws {
        let folder = try TemporaryFolder()
        let composition = try Self.receiver(in: folder)
        let port = NetworkPorts.freeUDP()
        let url = "\(scheme)://127.0.0.1:\(port)\(path)"
        let server = try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-re", "-f", "lavfi", "-i", "color=c=0x3080c0:s=160x96:r=30", "-t", "20",
                                                            "-c:v", "libx264", "-tune", "zerolatency", "-g", "10", "-pix_fmt", "yuv420p"]
                                            + muxing + [url + serverOptions],
                                        environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        defer { server.stopNow() }
        try #require(eventually { NetworkPorts.isListeningTCP(port) }, "FFmpeg serves: \(server.error)")
        let render = try runShaderbench(["render", composition, "--input", url, "--frames", "3", "--out", folder.file("f-%d.png")], in: folder.path)
        try #require(render.status == 0, "\(render.error)")
        let pixel = try ImageFile.read(path: folder.file("f-2.png"))[80, 48]
        #expect(!Self.differs(pixel, from: (255 - 0x30, 255 - 0x80, 255 - 0xc0), by: 4), "\(pixel)")
    }

    @Test("SRT: one workbench's stream feeds another, which draws what the first rendered")
    func workbenchToWorkbench() throws {
        let folder = try TemporaryFolder()
        try folder.write("quarters.frag", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                vec3 colour = uv.x < 0.5 ? (uv.y < 0.5 ? vec3(0.9, 0.1, 0.3) : vec3(0.1, 0.8, 0.2)) : (uv.y < 0.5 ? vec3(0.2, 0.3, 0.9) : vec3(0.95));
                fragColor = vec4(colour, 1.0);
            }
            """)
        let quarters = try folder.write("quarters.yaml", "size: [160, 96]\nnodes:\n  quarters: { kind: shader, file: quarters.frag }\noutput: quarters\n")
        let drawn = try runShaderbench(["render", quarters, "--out", folder.file("sent.png")])
        try #require(drawn.status == 0, "\(drawn.error)")
        let port = NetworkPorts.freeUDP()
        let first = try RunningProcess(Repository.executable, ["render", quarters, "--frames", "300", "--out", "srt://127.0.0.1:\(port)?mode=listener"],
                                       environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        defer { first.stopNow() }
        try #require(eventually { NetworkPorts.isBoundUDP(port) }, "the first workbench listens: \(first.error)")
        let second = try runShaderbench(["render", try Self.receiver(in: folder), "--input", "srt://127.0.0.1:\(port)?mode=caller&latency=1000000",
                                         "--frames", "3", "--out", folder.file("received-%d.png")], in: folder.path)
        try #require(second.status == 0, "\(second.error)")
        let sent = try ImageFile.read(path: folder.file("sent.png"))
        let received = try ImageFile.read(path: folder.file("received-2.png"))
        #expect(received.width == 160 && received.height == 96)
        // The middle of each quarter, away from the edges H.264 blurs.
        for (x, y) in [(40, 24), (120, 24), (40, 72), (120, 72)] {
            let expected = sent[x, y]
            #expect(!Self.differs(received[x, y], from: (255 - Int(expected.r), 255 - Int(expected.g), 255 - Int(expected.b)), by: 5),
                    "at \(x),\(y): the first drew \(expected), the second \(received[x, y])")
        }
    }

    @Test("a stream nobody sends stops the render after 10 s with its URL, where the composition names it, and writes nothing")
    func nobodySends() throws {
        let folder = try TemporaryFolder()
        let port = NetworkPorts.freeUDP()
        let composition = try folder.write("feed.yaml", "nodes:\n  feed: { kind: movie, file: \"udp://127.0.0.1:\(port)\" }\noutput: feed\n")
        let started = Date()
        let render = try runShaderbench(["render", composition, "--out", folder.file("out.png")], in: folder.path)
        let seconds = Date().timeIntervalSince(started)
        #expect(render.status != 0)
        #expect(render.error.contains("feed.yaml:2:30: error: udp://127.0.0.1:\(port): no frame arrived in 10 s") && render.error.contains("[SB5103]"),
                "\(render.error)")
        #expect(seconds >= 9.5 && seconds < 30, "gave up after \(seconds) s")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }
}
