import Foundation
import TestSupport
import Testing

/// A network stream as the window's live source: the window runs while nobody sends, shows the stream once a
/// sender calls (the graph built again at the stream's size), holds its last frame when the sender goes, and
/// shows the next sender's stream by itself.
@Suite("Network streams in the window", .serialized)
struct StreamInputWindowTests {
    /// FFmpeg calling the window's SRT listener with a flat `colour` (as `0xRRGGBB`), in real time.
    /// Its logs go to a folder of their own, beside the window's.
    static func send(_ colour: String, port: Int, in folder: TemporaryFolder) throws -> RunningProcess {
        let logs = folder.file("sender-\(colour)")
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        return try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-re", "-f", "lavfi", "-i", "color=c=\(colour):s=320x180:r=30", "-t", "60",
                                               "-c:v", "libx264", "-tune", "zerolatency", "-g", "10", "-pix_fmt", "yuv420p",
                                               "-f", "mpegts", "srt://127.0.0.1:\(port)?mode=caller"],
                           environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: logs)
    }

    static func shows(_ window: LiveWindow, _ colour: (Int, Int, Int)) -> Bool {
        guard let shown = try? window.centre() else { return false }
        return abs(Int(shown.r) - colour.0) <= 6 && abs(Int(shown.g) - colour.1) <= 6 && abs(Int(shown.b) - colour.2) <= 6
    }

    @Test("nobody sending, the window runs and says so; a sender's stream shows; when it goes the last frame stays, and the next sender shows")
    func reconnects() throws {
        let port = NetworkPorts.freeUDP()
        let url = "srt://127.0.0.1:\(port)?mode=listener"
        let window = try LiveWindow(composition: "composition: 1\nnodes:\n  feed: { kind: movie, file: \"\(url)\" }\noutput: feed\n")
        #expect(window.count(of: "frame-presented") > 0, "the window draws while nobody sends: \(window.app.error)")
        #expect(eventually { window.app.error.contains("\(url): connecting [SB5103]") }, "\(window.app.error)")
        #expect(eventually { NetworkPorts.isBoundUDP(port) }, "the window listens")

        let first = try Self.send("0xc03030", port: port, in: window.folder)
        #expect(eventually(timeout: 20) { Self.shows(window, (0xc0, 0x30, 0x30)) }, "the first sender's colour: \(String(describing: try? window.centre())) \(window.app.error)")
        #expect(window.app.error.contains("stream: receiving"), "\(window.app.error)")
        // Built before the stream came, the node takes the stream's size once its frames show it.
        let reasons = window.trace.events.filter { $0.name == "reload" }.compactMap { $0.fields["reason"] as? String }
        #expect(reasons.filter { $0 == "source size" }.count == 1, "\(reasons)")
        first.stopNow()
        #expect(eventually(timeout: 20) { window.app.error.contains("\(url): the stream stopped") }, "\(window.app.error)")
        #expect(Self.shows(window, (0xc0, 0x30, 0x30)), "the last frame stays")

        let second = try Self.send("0x30c030", port: port, in: window.folder)
        defer { second.stopNow() }
        #expect(eventually(timeout: 20) { Self.shows(window, (0x30, 0xc0, 0x30)) }, "the second sender's colour: \(String(describing: try? window.centre())) \(window.app.error)")
        #expect(window.app.error.components(separatedBy: "stream: receiving").count - 1 == 2, "\(window.app.error)")
        #expect(window.app.isRunning)
    }
}
