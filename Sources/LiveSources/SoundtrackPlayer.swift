import Audio
import Foundation
import Media
import OperatingSystem
import ShaderGraph

/// A movie's soundtrack played through ALSA's default output while the window shows the movie, heard where
/// its pictures are. The window tells it, each turn of its loop, which movie it shows and where its clock
/// stands; the playback thread reads that as it fills each block, so the window never waits for the sound
/// and a pause, seek, step, loop or change of speed is heard within the device's short buffer.
///
/// The soundtrack is decoded on a thread of its own, and ALSA is opened only once there is one to play: a
/// window on a silent movie, or on none, never loads it.
public final class SoundtrackPlayer: Sendable {
    private struct State {
        /// The clock read at `instant`: `seconds`, moving on in real time while `running`.
        var instant = ContinuousClock.now
        var seconds = 0.0
        var running = false
        var movie: MovieSource?
        /// The file whose soundtrack is wanted, and that soundtrack once decoded (nil meanwhile, or when it has none).
        var wantedFile: String?
        var decoded: (file: String, sound: DecodedSound, duration: Double)?
        /// Counts the decodes asked for: only the latest one's soundtrack is kept.
        var decodes = 0
        /// Given each block as it is written, with when it is heard (a recording).
        var listener: Listener?

        var soundtrack: Soundtrack? {
            guard let movie, let decoded, decoded.file == movie.file else { return nil }
            return Soundtrack(sound: decoded.sound, movie: movie, duration: decoded.duration)
        }
    }

    /// Takes interleaved stereo samples at `SoundPlayback.sampleRate`, first heard at the instant given.
    public typealias Listener = @Sendable (_ samples: [Float], _ heardAt: ContinuousClock.Instant) -> Void

    /// The output, opened once there is a soundtrack; none after `stop()`.
    private struct Output {
        var playback: SoundPlayback?
        var stopped = false
    }

    private let state = Locked(State())
    private let output = Locked(Output())

    public init() {}

    deinit {
        stop()
    }

    /// Plays `movie`'s soundtrack (nil: silence) with the composition's clock at `seconds` now, moving on
    /// while `running`. Cheap: the window calls it every turn of its loop.
    public func follow(_ movie: MovieSource?, seconds: Double, running: Bool) {
        let decode: (file: String, number: Int)? = state.withLock { state in
            state.instant = .now
            state.seconds = seconds
            state.running = running
            state.movie = movie
            guard movie?.file != state.wantedFile else { return nil }
            state.wantedFile = movie?.file
            state.decodes += 1
            return movie.map { ($0.file, state.decodes) }
        }
        if let decode { decodeInBackground(decode.file, number: decode.number) }
    }

    /// Decodes the soundtrack of `file` again, which changed on disk, when it is the one played; until the
    /// new one is ready, none is heard.
    public func reload(_ file: String) {
        let number: Int? = state.withLock { state in
            guard state.wantedFile == file else { return nil }
            state.decoded = nil
            state.decodes += 1
            return state.decodes
        }
        if let number { decodeInBackground(file, number: number) }
    }

    /// Hands every block played from now on to `listener`; nil stops.
    public func listen(_ listener: Listener?) {
        state.withLock { $0.listener = listener }
    }

    /// Whether a soundtrack is being played, so a recording started now has sound to carry.
    public var isPlaying: Bool { output.withLock { $0.playback != nil } }

    /// One line for the user while the soundtrack cannot be heard (no output device).
    public var notice: String? {
        output.withLock { $0.playback?.problem }.map { "no sound output device (\($0)); the movie's soundtrack is not heard" }
    }

    /// Stops playing and closes the device; waits until it has.
    public func stop() {
        let playback = output.withLock { output in
            output.stopped = true
            return output.playback
        }
        playback?.stop()
    }

    /// Decodes `file`'s soundtrack, the `number`th asked for, and keeps it unless a later one was asked for.
    private func decodeInBackground(_ file: String, number: Int) {
        let thread = Thread { [state, output] in
            // A movie without sound plays in silence, and opens no device.
            guard let sound = try? DecodedSound(path: file), let duration = try? MovieReader.duration(ofMovieAt: file) else { return }
            let latest = state.withLock { state in
                guard state.decodes == number else { return false }
                state.decoded = (file, sound, duration)
                return true
            }
            guard latest else { return }
            output.withLock { output in
                guard output.playback == nil, !output.stopped else { return }
                output.playback = SoundPlayback { samples, heardAt in Self.fill(samples, heardAt: heardAt, from: state) }
            }
        }
        thread.name = "shaderbench-soundtrack"
        thread.start()
    }

    /// The block heard at `heardAt`: the soundtrack where the clock will then be, silence while paused or
    /// while the pictures hold still.
    private static func fill(_ samples: UnsafeMutableBufferPointer<Float>, heardAt: ContinuousClock.Instant, from state: Locked<State>) {
        let (soundtrack, running, seconds, instant, listener) = state.withLock { ($0.soundtrack, $0.running, $0.seconds, $0.instant, $0.listener) }
        let channels = SoundPlayback.channelCount
        if let soundtrack, running {
            let start = seconds + Self.seconds(heardAt - instant)
            for frame in 0..<samples.count / channels {
                let moment = start + Double(frame) / Double(SoundPlayback.sampleRate)
                for channel in 0..<channels {
                    samples[frame * channels + channel] = soundtrack.sample(channel: channel, heardAt: moment)
                }
            }
        } else {
            samples.update(repeating: 0)
        }
        listener?(Array(samples), heardAt)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
