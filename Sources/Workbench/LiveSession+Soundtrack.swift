import GPU
import ShaderGraph

extension LiveSession {
    /// The movie whose soundtrack the window plays: the composition's first, as its pictures show it.
    var playedMovie: MovieSource? {
        executor?.composition.nodes.lazy.compactMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind { return movie }
            return nil
        }.first
    }

    /// The sound an audio node captures live, which a recording carries when no soundtrack plays.
    var liveSound: (any SoundSource)? {
        executor?.soundSources.first { $0.isLive }
    }
}
