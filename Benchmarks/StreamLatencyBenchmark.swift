import Foundation
import Media
import OperatingSystem
import TestSupport
import VideoFrames

/// Glass-to-glass latency of a network stream over loopback, sender to receiver in one process: numbered
/// 640×360 I420 frames handed to the workbench's stream writer (`render --out`'s: H.264 `zerolatency`, MPEG-TS)
/// at 30 a second, and received by the movie node's live stream reader; each frame's latency is from the moment
/// it is handed to the encoder to the moment the reader hands it over, decoded, read by its number. Prints the
/// median and 95th percentile, and how many frames arrived, for SRT at its default latency (120 ms), SRT
/// asked for 20 ms, and UDP.
enum StreamLatencyBenchmark {
    static let width = 640, height = 360

    struct Reading {
        /// Of the frames after the first `settling`.
        var latencies: [Double]
        var sent: Int
        /// Frames received in all, and the time from the first frame sent to the first received.
        var received: Int
        var firstFrame: Double?
    }

    /// Frames left out of the figures: the first two seconds, while the stream is probed. The packets read for
    /// the probe are handed over late, all at once, and caught up on; the figures are for the stream after.
    static let settling = 60
    /// And the last two, which reach the receiver only as the stream closes (MPEG-TS ends a picture's packet
    /// when the next one starts).
    static let closing = 2

    static func run(frames: Int) throws {
        let cases: [(label: String, receiver: (Int) -> String, sender: (Int) -> String)] = [
            ("SRT (default 120 ms latency)", { "srt://127.0.0.1:\($0)?mode=listener" }, { "srt://127.0.0.1:\($0)?mode=caller" }),
            ("SRT, latency=20000 (20 ms)", { "srt://127.0.0.1:\($0)?mode=listener&latency=20000" }, { "srt://127.0.0.1:\($0)?mode=caller&latency=20000" }),
            ("UDP, MPEG-TS", { "udp://127.0.0.1:\($0)" }, { "udp://127.0.0.1:\($0)?pkt_size=1316" }),
        ]
        print("")
        print("stream latency: \(frames) numbered \(width)×\(height) frames at 30 fps over loopback, handed to the encoder → decoded by the reader")
        print("(latency of the frames after the first \(settling), once the stream is probed, to the last \(closing); first frame: from the first sent)")
        print("stream                          received   median ms   p95 ms   max ms   first frame ms")
        for entry in cases {
            let reading = try measure(frames: frames, receiver: entry.receiver, sender: entry.sender)
            let sorted = reading.latencies.sorted()
            func percentile(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] * 1000 }
            print(entry.label.padding(toLength: 31, withPad: " ", startingAt: 0) + String(format: " %4d/%-4d   %9.1f   %6.1f   %6.1f   %14.0f", sorted.count, reading.sent,
                         percentile(0.5), percentile(0.95), percentile(1), (reading.firstFrame ?? .nan) * 1000))
        }
    }

    static func measure(frames: Int, receiver: (Int) -> String, sender: (Int) -> String) throws -> Reading {
        let port = NetworkPorts.freeUDP()
        let numbered = NumberedFrames(width: width, height: height)
        let arrivals = Locked([Int: Date]())
        let reader = LiveStreamReader(url: receiver(port))
        defer { reader.stop() }
        guard eventually(timeout: 10, { NetworkPorts.isBoundUDP(port) }) else { throw BenchmarkError("the receiver did not bind port \(port)") }
        // The receiving side: takes each frame as soon as the reader has it, and notes when.
        let receiving = Locked(true)
        let taker = Thread {
            while receiving.withLock({ $0 }) {
                guard let frame = try? reader.frame(at: 0, wait: 0.2) else { continue }
                let now = Date()
                let luma = frame.layout.planes[0]
                if let number = numbered.number(inLuma: frame.bytes[luma.offset...], rowBytes: luma.bytesPerRow) {
                    arrivals.withLock { $0[number] = $0[number] ?? now }
                }
                reader.recycle(frame)
            }
        }
        taker.start()
        let writer = try MovieWriter(MovieSettings(path: sender(port), width: width, height: height, frameRate: FrameRate(30)))
        var sentAt: [Date] = []
        let start = Date()
        for index in 0..<frames {
            let due = start.addingTimeInterval(Double(index) / 30)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            sentAt.append(Date())
            try writer.append(numbered.frame(index), frameIndex: index)
        }
        // The last frames still on their way.
        Thread.sleep(forTimeInterval: 1)
        receiving.withLock { $0 = false }
        try writer.finish()
        let received = arrivals.withLock { $0 }
        let latencies = received.compactMap { number, arrived in
            number >= Self.settling && number < sentAt.count - Self.closing ? arrived.timeIntervalSince(sentAt[number]) : nil
        }
        let firstArrival = received.values.min().map { $0.timeIntervalSince(start) }
        return Reading(latencies: latencies, sent: frames - Self.settling - Self.closing, received: received.count, firstFrame: firstArrival)
    }
}
