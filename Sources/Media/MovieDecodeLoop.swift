import Foundation
import OperatingSystem
import VideoFrames

/// The work of a movie's decode thread: opens the file, decodes the first frame for the opener, then keeps
/// the shared queue a few frames ahead, seeking when a caller asks for a time elsewhere. Every FFmpeg object
/// is made, used and released on this one thread.
struct MovieDecodeLoop {
    let path: String
    let shared: SharedPlayback
    let conversionSite: FrameConversionSite
    let onFrame: @Sendable () -> Void

    /// How far short of its stated duration a stream may end before it counts as truncated: audio often
    /// runs a little past the pictures, and containers round.
    static let truncationSlack = 0.5

    /// The state of one run, kept apart from the loop's constant parts.
    private struct Progress {
        var generation = 0
        /// After a seek: frames at or before this time are only candidates, and the last of them is the one
        /// the caller wants.
        var seekTarget: Double?
        var candidate: DecodedPicture?
        /// The seek went back to the beginning once already because the container's keyframe was late.
        var restartedFromBeginning = false
        /// When the last frame handed over stops showing.
        var reachedEnd = 0.0
        var sequence: UInt32 = 0
    }

    func run() {
        let opened: (decoder: MovieDecoder, info: MovieInfo, first: DecodedPicture, statedDuration: Double?)
        do throws(MediaError) {
            opened = try open()
        } catch {
            shared.reportOpening(.failure(error))
            return
        }
        let decoder = opened.decoder, info = opened.info
        let frameInterval = info.frameRate > 0 ? 1 / info.frameRate : 1.0 / 30
        let tick = decoder.demuxer.seconds(ofTicks: 1)
        shared.queue.withLock { $0.tolerance = min(max(tick, 1e-6), frameInterval / 4) }
        let copier = PictureCopier(conversionSite: conversionSite)
        var progress = Progress()
        guard publish(opened.first, decoder: decoder, copier: copier, info: info, progress: &progress) else {
            shared.reportOpening(.failure(MediaError("\(path): cannot convert its \(opened.first.pixelFormatName) frames")))
            return
        }
        shared.reportOpening(.success(info))

        while true {
            guard let work = FrameStages.time("waiting for room for decoded frames", { shared.waitFor(until: nil, { $0.nextWork() }) }) else { continue }
            switch work {
            case .stop:
                return
            case .seek(let target, let generation):
                progress.generation = generation
                progress.candidate = nil
                progress.seekTarget = target
                progress.restartedFromBeginning = false
                do throws(DecodeFailure) {
                    try decoder.seek(to: target)
                } catch {
                    finish(.failed(reachedEnd: target, reason: error.reason), progress: progress)
                }
                continue
            case .decode(let generation):
                progress.generation = generation
            }
            do throws(DecodeFailure) {
                guard let picture = try FrameStages.time("demuxing and decoding", decoder.nextPicture) else {
                    handOverCandidate(decoder: decoder, copier: copier, info: info, progress: &progress)
                    finish(ending(reachedEnd: progress.reachedEnd, statedDuration: opened.statedDuration,
                                  frameInterval: frameInterval), progress: progress)
                    continue
                }
                if let target = progress.seekTarget {
                    let time = decoder.presentationTime(of: picture)
                    if time <= target + shared.queue.withLock({ $0.tolerance }) {
                        progress.candidate = picture
                        shared.update { $0.notePassedOver() }
                        continue
                    }
                    if progress.candidate == nil, !progress.restartedFromBeginning, target > 0 {
                        // The container's index pointed past the time wanted: decode from the beginning.
                        progress.restartedFromBeginning = true
                        try decoder.seek(to: 0)
                        continue
                    }
                    handOverCandidate(decoder: decoder, copier: copier, info: info, progress: &progress)
                }
                if !publish(picture, decoder: decoder, copier: copier, info: info, progress: &progress) {
                    finish(.failed(reachedEnd: progress.reachedEnd,
                                   reason: "cannot convert its \(picture.pixelFormatName) frames"), progress: progress)
                }
            } catch {
                handOverCandidate(decoder: decoder, copier: copier, info: info, progress: &progress)
                finish(.failed(reachedEnd: progress.reachedEnd, reason: error.reason), progress: progress)
            }
        }
    }

    /// Opens the file and decodes its first frame, which must be there for the movie to count as one.
    private func open() throws(MediaError) -> (MovieDecoder, MovieInfo, DecodedPicture, Double?) {
        let decoder = try MovieDecoder(path: path)
        let decoded: DecodedPicture?
        do throws(DecodeFailure) {
            decoded = try decoder.nextPicture()
        } catch {
            throw MediaError("\(path): cannot decode its first frame: \(error.reason)")
        }
        guard let first = decoded else { throw MediaError("\(path): has no video frames") }
        decoder.setOrigin(from: first)
        let demuxer = decoder.demuxer
        let frameRate = demuxer.frameRate
        let stated = demuxer.statedDuration
        let info = MovieInfo(width: first.width, height: first.height, quarterTurns: demuxer.quarterTurns,
                             pixelAspect: demuxer.pixelAspect(of: first.frame), frameRate: frameRate,
                             duration: demuxer.timelineDuration, codecName: decoder.decoder.codecName,
                             pixelFormatName: first.pixelFormatName, hasAudio: demuxer.hasAudio, encoding: first.colorEncoding)
        return (decoder, info, first, stated)
    }

    /// Copies `picture` into frame storage and queues it; false when its pixels cannot be converted.
    private func publish(_ picture: DecodedPicture, decoder: MovieDecoder, copier: PictureCopier, info: MovieInfo,
                         progress: inout Progress) -> Bool {
        let frameInterval = info.frameRate > 0 ? 1 / info.frameRate : 1.0 / 30
        var storage = shared.queue.withLock { $0.takeStorage() }
        let copied = FrameStages.time("converting or copying decoded frames") {
            copier.copy(picture, encoding: picture.colorEncoding, quarterTurns: info.quarterTurns, pixelAspect: info.pixelAspect,
                        into: &storage)
        }
        guard let layout = copied else { return false }
        let time = decoder.presentationTime(of: picture)
        progress.reachedEnd = time + decoder.duration(of: picture, fallback: frameInterval)
        let frame = VideoFrame(layout: layout, bytes: storage, sequence: progress.sequence, timestamp: time)
        progress.sequence &+= 1
        let generation = progress.generation
        let isDue = shared.update { queue in
            queue.publish(frame, generation: generation)
                && (queue.frames.count == 1 || time <= queue.lastAskedTime + queue.tolerance)
        }
        // Wake the window only for a frame it wants now; frames decoded ahead become due with time.
        if isDue { onFrame() }
        return true
    }

    /// Hands over the best frame found before a seek's target, once the frame after it (or the end) shows it
    /// is the one that covers the target.
    private func handOverCandidate(decoder: MovieDecoder, copier: PictureCopier, info: MovieInfo, progress: inout Progress) {
        progress.seekTarget = nil
        if let candidate = progress.candidate {
            progress.candidate = nil
            _ = publish(candidate, decoder: decoder, copier: copier, info: info, progress: &progress)
        }
    }

    private func finish(_ ending: PlaybackEnding, progress: Progress) {
        let generation = progress.generation
        shared.update { $0.finish(ending, generation: generation) }
        if case .finished = ending {} else { onFrame() }
    }

    /// A stream that stops well short of the duration its file states was cut off.
    private func ending(reachedEnd: Double, statedDuration: Double?, frameInterval: Double) -> PlaybackEnding {
        guard let statedDuration, reachedEnd < statedDuration - max(Self.truncationSlack, 2 * frameInterval) else {
            return .finished
        }
        return .truncated(reachedEnd: reachedEnd, stated: statedDuration)
    }
}
