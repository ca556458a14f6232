import Media
import ShaderGraph

/// A movie's soundtrack heard where its pictures are: the movie's start, speed and looping (or holding at
/// the end) map the composition's clock to the movie's moment exactly as they do for its frames, so an
/// audio input and the window's playback stay with the pictures through pauses, seeks, steps and loops.
struct Soundtrack: Sendable {
    let sound: DecodedSound
    let movie: MovieSource
    /// The pictures' timeline, which a looping movie wraps round.
    let duration: Double

    /// The sample the movie is at when the composition's clock reads `seconds`.
    func position(at seconds: Double) -> Int {
        Int((movie.movieTime(at: seconds, duration: duration) * Double(sound.sampleRate)).rounded())
    }

    /// Whether the pictures move at `seconds`: not before the movie's start nor held on its last frame.
    func isMoving(at seconds: Double) -> Bool {
        let moment = movie.start + seconds * movie.speed
        return moment >= 0 && (movie.loop || moment < duration)
    }

    /// `channel`'s sample at `position`, wrapped round the loop when the movie loops (just after a loop
    /// point the sound before it is the end's, as it was heard); silence outside the track.
    func sample(channel: Int, at position: Int) -> Float {
        var position = position
        let loopLength = Int((duration * Double(sound.sampleRate)).rounded())
        if movie.loop, loopLength > 0 { position = (position % loopLength + loopLength) % loopLength }
        let track = sound.channels[min(channel, sound.channels.count - 1)]
        return position >= 0 && position < track.count ? track[position] : 0
    }
}
