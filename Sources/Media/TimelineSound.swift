/// Sound a movie carries that is known ahead, laid out on the movie's timeline: a render's soundtrack. The
/// writer's encoder thread reads it a stretch at a time as the pictures are written, so none of it waits in
/// a queue and none is dropped, however slowly the frames come.
public protocol TimelineSound: Sendable {
    /// `count` samples of interleaved stereo at `MovieWriter.soundSampleRate`, each from -1 to 1, the first
    /// being sample `first` after the movie's first frame (sample 0 plays with frame 0).
    func samples(from first: Int, count: Int) -> [Float]
}
