import ShaderLanguage

/// An audio node: the sound that ISF audio and audioFFT inputs wired to it are made from.
///
/// With a `file` (a sound file, or a movie's soundtrack), frame k hears the samples just before k / fps of
/// the file, in `render` and in the window alike, so renders are exact. Without one it is the live sound:
/// in the window the default capture device; in `render`, which must be repeatable, the live movie's
/// soundtrack when the live source is a movie (heard at the movie's own time, as its pictures are shown),
/// else silence.
public struct AudioSource: Sendable, Hashable {
    /// The file's path, resolved against the composition's folder; nil for the live sound.
    public var file: String?
    /// Where the node (or its file) is written, for errors about it.
    public var location: SourceLocation

    public init(file: String? = nil, location: SourceLocation) {
        self.file = file
        self.location = location
    }

    /// Nodes that hear the same sound share one decoder or capture; where the node is written does not matter.
    public static func == (a: AudioSource, b: AudioSource) -> Bool {
        a.file == b.file
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
    }
}
