import Foundation
import TestSupport
import Testing

/// `--record-to URL`: V sends the image shown to a network stream instead of a movie file, received here by
/// FFmpeg's own command; a receiver that is not there ends the stream with a message while the window draws on;
/// URLs the window cannot send to are refused before it opens.
@Suite("The window records to a network stream", .serialized)
struct StreamRecordingWindowTests {
    /// FFmpeg receiving the window's UDP stream on `port` into `received.ts` while V sends for `seconds`; the
    /// file's path once the stream has ended and the receiver with it.
    static func receive(port: Int, from window: LiveWindow, seconds: Double) throws -> String {
        let url = "udp://127.0.0.1:\(port)"
        let received = window.folder.file("received.ts")
        // Its logs apart from the window's, which are in the folder itself.
        let logs = window.folder.file("receiver")
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let receiver = try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", "\(url)?timeout=3000000", "-c", "copy", received],
                                          environment: ProcessInfo.processInfo.environment, directory: window.folder.path, logs: logs)
        try #require(eventually { NetworkPorts.isBoundUDP(port) }, "the receiver listens")
        try window.pressAndWait("v")
        try #require(eventually { window.app.output.contains("streaming: \(url)") }, "\(window.app.output)\(window.app.error)")
        Thread.sleep(forTimeInterval: seconds)
        try window.pressAndWait("v")
        #expect(eventually { window.app.output.contains("streamed \(url) (") }, "\(window.app.output)\(window.app.error)")
        try #require(receiver.waitForExit(timeout: 20), "the receiver stops once the stream does")
        return received
    }

    /// A window started streaming to `url` with V, once it says so.
    static func windowStreaming(to url: String) throws -> LiveWindow {
        let window = try LiveWindow(arguments: ["--record-to", url])
        try window.pressAndWait("v")
        try #require(eventually { window.app.output.contains("streaming: \(url)") }, "\(window.app.output)\(window.app.error)")
        return window
    }

    @Test("V streams the shown image over UDP: FFmpeg receives it at the image's size with its colour; V again ends it")
    func udp() throws {
        let port = NetworkPorts.freeUDP()
        let window = try LiveWindow(arguments: ["--record-to", "udp://127.0.0.1:\(port)"])
        let received = try Self.receive(port: port, from: window, seconds: 2)
        let video = try #require(try MovieProbe(path: received).video)
        // Two seconds of a window drawing at up to 60 frames a second, on a machine that may be busy.
        #expect(video.codec == "h264" && video.width == 64 && video.height == 64 && video.frames >= 10, "\(video)")
        let frame = try MovieProbe.frame(video.frames / 2, of: received, width: 64, height: 64)
        let centre = (32 * 64 + 32) * 4
        #expect(frame[centre] >= 240 && frame[centre + 1] <= 16 && frame[centre + 2] <= 16, "the red square, received as \(frame[centre..<centre + 3])")
        #expect(window.app.isRunning)
    }

    @Test("V streams a movie's soundtrack with its pictures: FFmpeg receives AAC beside the H.264, holding the tones")
    func soundtrack() throws {
        let port = NetworkPorts.freeUDP()
        let window = try SoundtrackWindowTests.openWindow(arguments: ["--record-to", "udp://127.0.0.1:\(port)"]) {
            TestTone.alsaConfiguration(writingRaw: $0.file("played.raw"))
        }
        #expect(eventually(timeout: 20) { (try? MovieWindowTests.shownFrame(window)).flatMap { $0 } != nil })
        let received = try Self.receive(port: port, from: window, seconds: 3)
        let probe = try MovieProbe(path: received)
        #expect(probe.video?.codec == "h264" && probe.audio?.codec == "aac", "\(probe.streams)")
        let sound = try PlayedSound(decodingSoundOf: received, into: window.folder.file("received.raw"))
        let stretches = sound.stretches(from: 4800, to: sound.samples.count - 4800, holding: SoundtrackWindowTests.frequencies, power: 0.25)
        #expect(stretches.toned * 2 >= stretches.all, "\(stretches.toned) of \(stretches.all) stretches hold a tone")
    }

    @Test("V with no receiver to call: the stream ends with the reason while the window runs on, and V starts another")
    func noReceiver() throws {
        let port = NetworkPorts.freeUDP()
        let url = "srt://127.0.0.1:\(port)?mode=caller"
        let window = try Self.windowStreaming(to: url)
        // The connection fails on the encoder's thread; the next frame shown learns it.
        #expect(eventually(timeout: 20) { window.app.error.contains("recording \(url): \(url): connecting") }, "\(window.app.error)")
        // The window answers keys on: V starts another stream.
        #expect(window.app.isRunning)
        try window.pressAndWait("v")
        #expect(eventually { window.app.output.components(separatedBy: "streaming: \(url)").count == 3 }, "V starts a stream again: \(window.app.output)")
    }

    @Test("V again while the stream is still connecting gives it up at once, saying nothing was sent, and the window runs on")
    func stopWhileConnecting() throws {
        let port = NetworkPorts.freeUDP()
        // SRT would try for a minute to reach a receiver that is not there.
        let url = "srt://127.0.0.1:\(port)?mode=caller&connect_timeout=60000"
        let window = try Self.windowStreaming(to: url)
        try window.pressAndWait("v")
        #expect(eventually(timeout: 20) { window.app.error.contains("\(url): stopped before the receiver answered; nothing was sent [SB6002]") },
                "\(window.app.error)")
        #expect(!window.app.error.contains("Immediate exit requested"), "FFmpeg's own word for the connect given up is not repeated: \(window.app.error)")
        let frames = window.count(of: "frame-presented")
        try window.pressAndWait("r")
        #expect(eventually { window.count(of: "frame-presented") > frames }, "the window draws on")
    }

    @Test("--record-to takes a stream's URL, and not an SRT listener, which would wait for a caller")
    func refusedTargets() throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("fill.yaml", LiveWindow.composition(shaderFolder: "."))
        for (target, reason) in [("clip.mp4", "the window records to a stream's URL"), ("srt://127.0.0.1:9000?mode=listener", "does not wait for a receiver")] {
            let result = try runShaderbench([composition, "--record-to", target])
            #expect(result.status != 0 && result.error.contains("--record-to \(target): ") && result.error.contains(reason), "\(result.error)")
        }
    }
}
