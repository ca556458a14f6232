import ShaderGraph

/// Keys edited in the window (the timeline, a recorded take), by parameter (`node.uniform`), over the keys the
/// composition gives. They are played from the next frame on, kept across reloads, and unsaved until Ctrl-S
/// writes them into the composition's `animate:`.
struct KeyEdits {
    /// The keys each edited parameter has now; none is a parameter no longer keyed.
    private var edited: [String: [Keyframe]] = [:]

    /// The keys `name` plays: edited, else the composition's, else none.
    func keys(of name: String, in composition: Composition?) -> [Keyframe] {
        edited[name] ?? Self.compositionKeys(of: name, in: composition)
    }

    static func compositionKeys(of name: String, in composition: Composition?) -> [Keyframe] {
        composition?.animation.first { $0.reference.description == name }?.curve.keys ?? []
    }

    mutating func set(_ name: String, to keys: [Keyframe]) {
        edited[name] = keys
    }

    /// Edited parameters whose keys differ from what `composition` gives: what a save writes.
    func unsaved(against composition: Composition?) -> [(name: String, keys: [Keyframe])] {
        edited.filter { $0.value != Self.compositionKeys(of: $0.key, in: composition) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `composition` playing the edited keys: each edited curve's keys replaced, a parameter keyed anew given a
    /// curve (rounded as its type takes numbers), one with no keys left no curve.
    func applied(to composition: Composition, parameters: [TunableParameter]) -> Composition {
        var result = composition
        for (name, keys) in edited.sorted(by: { $0.key < $1.key }) {
            if let index = result.animation.firstIndex(where: { $0.reference.description == name }) {
                if keys.isEmpty {
                    result.animation.remove(at: index)
                } else {
                    result.animation[index].curve.keys = keys
                }
            } else if !keys.isEmpty, let parameter = parameters.first(where: { $0.reference.description == name }) {
                result.animation.append(AnimatedParameter(reference: parameter.reference,
                                                          curve: KeyedCurve(keys: keys, rounding: Self.rounding(of: parameter))))
            }
        }
        return result
    }

    /// Ints take whole numbers between keys; bools, events and menus step at each key.
    static func rounding(of parameter: TunableParameter) -> KeyedCurve.Rounding {
        switch parameter.control {
        case .checkbox, .button, .menu: .steps
        case .integerSlider: .whole
        case .components(_, let integers): integers ? .whole : .none
        default: .none
        }
    }

    /// The composition now says what was edited.
    mutating func removeAll() {
        edited.removeAll()
    }
}
