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
        let moment = movie.moment(at: seconds)
        return moment >= 0 && (movie.loop || moment < duration) && !movie.isKeyedStill(at: seconds)
    }

    /// `channel` as heard when the composition's clock reads `seconds`: the track where the pictures are,
    /// read between its two nearest samples (so a rate or speed other than the listener's loses little),
    /// or silence while the pictures hold still.
    func sample(channel: Int, heardAt seconds: Double) -> Float {
        guard isMoving(at: seconds) else { return 0 }
        let exact = movie.movieTime(at: seconds, duration: duration) * Double(sound.sampleRate)
        let before = exact.rounded(.down)
        let weight = Float(exact - before)
        let position = Int(before)
        return sample(channel: channel, at: position) * (1 - weight) + sample(channel: channel, at: position + 1) * weight
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
