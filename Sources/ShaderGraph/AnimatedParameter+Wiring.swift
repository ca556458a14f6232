extension Composition {
    /// The composition as a frame plays it: each keyed uniform wired to a curve node of its own, named
    /// `node.uniform` (a name no node of the file can have), so the frame computes the curve once, as a value,
    /// and every pass drawn from the node's file, every reader of the parameter and both exports take it as
    /// they take any wire. (A keyed movie holds its curve from loading on: `keyMovieTimes()`.)
    var withCurvesWired: Composition {
        var result = self
        var curves: [Node] = []
        for entry in animation {
            let reference = entry.reference
            for name in nodes(sharingParametersOf: reference.node) {
                guard let index = result.nodes.firstIndex(where: { $0.name == name }) else { continue }
                result.nodes[index].kind.setUniform(reference.uniform, to: .wire(Wire(node: reference.description, location: reference.location)))
            }
            if node(named: reference.node)?.kind.uniformParameters != nil {
                curves.append(Node(name: reference.description, kind: .curve(entry.curve), location: reference.location))
            }
        }
        result.nodes = curves + result.nodes
        return result
    }
}

extension Composition {
    /// Gives each movie whose `time` is keyed its curve, which then sets the moment it shows, and its sound.
    mutating func keyMovieTimes() {
        for entry in animation {
            guard let index = nodes.firstIndex(where: { $0.name == entry.reference.node }), case .movie(var movie) = nodes[index].kind else { continue }
            movie.timeCurve = entry.curve
            nodes[index].kind = .movie(movie)
        }
    }
}
