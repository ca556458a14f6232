import GPU
import ShaderGraph

extension LiveSession {
    /// The movie whose soundtrack the window plays: the composition's first file, as its pictures show it
    /// (a stream's sound is not heard).
    var playedMovie: MovieSource? {
        executor?.composition.nodes.lazy.compactMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind, !movie.isStream { return movie }
            return nil
        }.first
    }

    /// The sound an audio node captures live, which a recording carries when no soundtrack plays.
    var liveSound: (any SoundSource)? {
        executor?.soundSources.first { $0.isLive }
    }
}
