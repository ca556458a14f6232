import Foundation
@testable import Media
import Testing
import TestSupport
import VideoFrames

/// A network stream read live: a reader slower than the stream gets the newest frame, never a queue of old
/// ones, and stopping ends even a wait for a sender that never comes.
@Suite("Live network streams", .serialized)
struct LiveStreamReaderTests {
    @Test("read slower than it arrives, the stream drops frames instead of falling behind: each frame taken is the newest")
    func newestFrameWins() throws {
        let folder = try TemporaryFolder()
        let port = NetworkPorts.freeUDP()
        let reader = LiveStreamReader(url: "udp://127.0.0.1:\(port)")
        defer { reader.stop() }
        let sender = try RunningProcess("/usr/bin/ffmpeg", ["-v", "error", "-re", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30", "-t", "30",
                                                            "-c:v", "libx264", "-tune", "zerolatency", "-g", "15", "-f", "mpegts",
                                                            "udp://127.0.0.1:\(port)?pkt_size=1316"],
                                        environment: ProcessInfo.processInfo.environment, directory: folder.path, logs: folder.path)
        defer { sender.stopNow() }
        try #require(reader.waitUntilStreaming(timeout: 20), "\(reader.notice ?? "")")
        #expect(reader.frameSize.map { [$0.width, $0.height] } == [320, 180])
        #expect(reader.duration == nil && reader.frameInterval == nil, "a stream has no timeline")
        // Taken twice a second from a stream of 30 frames a second, for 3 s.
        var taken: [(wall: Date, stream: Double)] = []
        let droppedBefore = reader.framesDropped
        while taken.count < 7 {
            Thread.sleep(forTimeInterval: 0.5)
            guard let frame = try reader.frame(at: 0, wait: 1) else { continue }
            taken.append((Date(), frame.timestamp))
            reader.recycle(frame)
        }
        // The stream's time between the first and last frame taken is the wall time between, give or take how
        // far a busy machine lets the sender or the decoder lag; a queue would hand over the next frame at each
        // take, 0.2 s of stream in those 3 s.
        let wall = taken.last!.wall.timeIntervalSince(taken.first!.wall)
        let stream = taken.last!.stream - taken.first!.stream
        #expect(abs(stream - wall) < 1.5, "3 s of takes: \(stream) s of stream in \(wall) s")
        // About 14 of every 15 frames let go; a queue lets none go.
        #expect(reader.framesDropped - droppedBefore >= 30, "\(reader.framesDropped - droppedBefore) frames let go")
    }

    @Test("stopping ends a listener's wait for a sender at once, and it said it was connecting")
    func stopWhileListening() throws {
        let port = NetworkPorts.freeUDP()
        let reader = LiveStreamReader(url: "srt://127.0.0.1:\(port)?mode=listener")
        #expect(eventually { NetworkPorts.isBoundUDP(port) }, "it listens")
        #expect(reader.notice == "srt://127.0.0.1:\(port)?mode=listener: connecting")
        #expect(try reader.frame(at: 0, wait: nil) == nil)
        let started = Date()
        reader.stop()
        #expect(Date().timeIntervalSince(started) < 1, "stopped in \(Date().timeIntervalSince(started)) s")
        #expect(!NetworkPorts.isBoundUDP(port), "the port is let go")
    }

    @Test("a refused connection is said with FFmpeg's reason, and tried again")
    func refused() throws {
        let port = NetworkPorts.freeUDP()
        let reader = LiveStreamReader(url: "rtsp://127.0.0.1:\(port)/nothing")
        defer { reader.stop() }
        #expect(eventually { reader.notice?.contains("waiting for the stream (cannot connect: Connection refused); connecting again") == true },
                "\(reader.notice ?? "")")
        #expect(!reader.isPresent)
    }
}
