import Foundation
import OperatingSystem
import VideoFrames

/// The work of a live stream's thread: connects, decodes every picture as it arrives into the newest-frame
/// slot, and when the stream fails or goes quiet says why and connects again, until stopped. Every FFmpeg
/// object is made, used and released on this one thread.
struct LiveStreamLoop: Sendable {
    let url: String
    let options: [(name: String, value: String)]
    let conversionSite: FrameConversionSite
    let interruption: StreamInterruption
    let newest: NewestFrame
    let status: Locked<LiveStreamStatus>
    let onFrame: @Sendable () -> Void

    /// How long connecting (and a listener's wait for its sender) may take before it starts again.
    static let connectTimeout = 10.0
    /// How long a stream that delivered may go without a picture before it counts as lost.
    static let stallAfter = 3.0
    /// The pause between losing a stream and connecting again, so a refusing server is not hammered.
    static let retryInterval = 0.5

    /// Why one connection ended.
    private struct Ended: Error {
        var reason: String
    }

    func run() {
        while !interruption.isStopping {
            interruption.allow(Self.connectTimeout)
            let receivedBefore = status.withLock { $0.framesReceived }
            do throws(Ended) {
                try receive()
            } catch {
                guard !interruption.isStopping else { break }
                // Quiet after pictures came on this connection, or quiet from the start of it.
                let delivered = status.withLock { $0.framesReceived > receivedBefore }
                let reason = interruption.timedOut ? Self.quietReason(delivered) : error.reason
                status.withLock { $0.lose(reason) }
                onFrame()
            }
            pauseBeforeRetrying()
        }
        newest.wake()
    }

    private static func quietReason(_ delivered: Bool) -> String {
        delivered ? "nothing arrived for \(Int(stallAfter)) s" : "nothing arrived in \(Int(connectTimeout)) s"
    }

    /// Connects, then hands over pictures until the stream ends or fails.
    private func receive() throws(Ended) {
        let decoder: MovieDecoder
        do throws(MediaError) {
            decoder = try MovieDecoder(path: url, interruption: interruption, options: options)
        } catch {
            throw Ended(reason: Self.withoutURL(error.message, url: url))
        }
        let copier = PictureCopier(conversionSite: conversionSite)
        let quarterTurns = decoder.demuxer.quarterTurns
        var sequence: UInt32 = 0
        while true {
            interruption.allow(sequence == 0 ? Self.connectTimeout : Self.stallAfter)
            let decoded: DecodedPicture?
            do throws(DecodeFailure) {
                decoded = try decoder.nextPicture()
            } catch {
                throw Ended(reason: error.reason)
            }
            guard let picture = decoded else { throw Ended(reason: "the sender ended the stream") }
            if sequence == 0 { decoder.setOrigin(from: picture) }
            var storage = newest.takeStorage()
            guard let layout = copier.copy(picture, encoding: picture.colorEncoding, quarterTurns: quarterTurns,
                                           pixelAspect: decoder.demuxer.pixelAspect(of: picture.frame), into: &storage) else {
                throw Ended(reason: "cannot convert its \(picture.pixelFormatName) frames")
            }
            newest.publish(VideoFrame(layout: layout, bytes: storage, sequence: sequence, timestamp: decoder.presentationTime(of: picture)))
            sequence &+= 1
            let shown = layout.displaySize
            status.withLock { status in
                // Said again only when it changes, so a steady stream builds no text a frame.
                if status.size.map({ $0 != shown }) ?? true || status.phase != .streaming {
                    status.delivery = "\(url): \(decoder.decoder.codecName) \(shown.width)×\(shown.height)"
                }
                status.receive(size: shown)
            }
            onFrame()
        }
    }

    /// FFmpeg's errors start with the URL, which the notice around them already names.
    private static func withoutURL(_ message: String, url: String) -> String {
        message.hasPrefix(url + ": ") ? String(message.dropFirst(url.count + 2)) : message
    }

    private func pauseBeforeRetrying() {
        let resume = Date(timeIntervalSinceNow: Self.retryInterval)
        while !interruption.isStopping, Date() < resume {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
