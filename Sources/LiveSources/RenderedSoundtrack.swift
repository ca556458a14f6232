import Media
import ShaderGraph

/// A movie node's soundtrack as a rendered movie carries it: heard where the node's pictures are, through
/// its start, speed and loops, silent while its last frame holds, from the render's first frame on. The
/// window's player hears it by the same mapping (see `Soundtrack`).
public struct RenderedSoundtrack: TimelineSound {
    private let soundtrack: Soundtrack
    /// The composition's clock at the render's first frame.
    private let startSeconds: Double

    /// `movie`'s soundtrack from the moment the clock reads `startSeconds`; nil when the movie has no sound.
    /// Throws when the movie cannot be read or its sound cannot be decoded.
    public init?(_ movie: MovieSource, from startSeconds: Double) throws(MediaError) {
        guard let sound = try DecodedSound.soundtrack(ofFileAt: movie.file) else { return nil }
        soundtrack = Soundtrack(sound: sound, movie: movie, duration: try MovieReader.duration(ofMovieAt: movie.file))
        self.startSeconds = startSeconds
    }

    public func samples(from first: Int, count: Int) -> [Float] {
        let channels = MovieWriter.soundChannelCount
        var samples = [Float](repeating: 0, count: count * channels)
        let rate = Double(MovieWriter.soundSampleRate)
        for index in 0..<count {
            let moment = startSeconds + Double(first + index) / rate
            for channel in 0..<channels {
                samples[index * channels + channel] = soundtrack.sample(channel: channel, heardAt: moment)
            }
        }
        return samples
    }
}
