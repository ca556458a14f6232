import ShaderGraph

extension LiveSession {
    /// The movie whose soundtrack the window plays: the composition's first, as its pictures show it.
    var playedMovie: MovieSource? {
        executor?.composition.nodes.lazy.compactMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind { return movie }
            return nil
        }.first
    }
}
