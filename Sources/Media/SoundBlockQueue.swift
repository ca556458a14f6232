import OperatingSystem

/// Sound handed to a movie writer as it is heard, waiting for the encoder thread: blocks of interleaved
/// stereo, each placed by the sample of the movie where it starts. Bounded: blocks beyond a few seconds not
/// yet taken are dropped and counted, so a stalled encoder neither holds up the sound's thread nor grows memory.
final class SoundBlockQueue: Sendable {
    struct Block: Sendable {
        /// Interleaved stereo, from -1 to 1.
        var samples: [Float]
        /// Samples (per channel) from the movie's start to the block's first.
        var start: Int
    }

    /// Four seconds of sound.
    static let capacity = 4 * SoundEncoder.sampleRate

    private struct Contents {
        var blocks: [Block] = []
        var queued = 0
        var dropped = 0
    }

    private let contents = Locked(Contents())

    /// Queues `block`, or drops it when the queue is full.
    func put(_ block: Block) {
        let length = block.samples.count / SoundEncoder.channelCount
        contents.withLock { contents in
            guard contents.queued + length <= Self.capacity else {
                contents.dropped += length
                return
            }
            contents.blocks.append(block)
            contents.queued += length
        }
    }

    /// Every block queued, oldest first; the queue is then empty.
    func takeAll() -> [Block] {
        contents.withLock { contents in
            defer {
                contents.blocks.removeAll()
                contents.queued = 0
            }
            return contents.blocks
        }
    }

    /// Samples (per channel) dropped because the encoder had not taken what was queued.
    var samplesDropped: Int { contents.withLock { $0.dropped } }
}
