import ShaderGraph

/// Values tuned in the panel, by parameter (`node.uniform`). They outlive reloads, each kept with the value
/// the composition gave when it was tuned: an edit of that value in the file, or of the shader's default,
/// wins over the tuning, since it is newer.
struct ParameterTuning {
    private struct Tuned {
        var value: [Float]
        var compositionValue: [Float]
    }

    private var tuned: [String: Tuned] = [:]

    mutating func set(_ parameter: TunableParameter, to value: [Float]) {
        let name = parameter.reference.description
        tuned[name] = Tuned(value: value, compositionValue: tuned[name]?.compositionValue ?? parameter.compositionValue ?? value)
    }

    /// The tuned value of `parameter`, else what the composition gives it.
    func value(of parameter: TunableParameter) -> [Float]? {
        tuned[parameter.reference.description]?.value ?? parameter.compositionValue
    }

    /// Forgets tunings of parameters no longer offered, now wired, or whose composition value changed; the
    /// rest as overrides for the composition the parameters come from.
    mutating func reconcile(with parameters: [TunableParameter]) -> [ParameterOverride] {
        let current = Dictionary(parameters.map { ($0.reference.description, $0) }, uniquingKeysWith: { first, _ in first })
        tuned = tuned.filter { name, tuning in
            guard let parameter = current[name], let compositionValue = parameter.compositionValue else { return false }
            return compositionValue == tuning.compositionValue && tuning.value.count == parameter.count
        }
        return tuned.sorted { $0.key < $1.key }.map { ParameterOverride(name: $0.key, values: $0.value.value) }
    }

    /// Tuned values that differ from what the composition says: what a save writes.
    var unsaved: [(name: String, value: [Float])] {
        tuned.filter { $0.value.value != $0.value.compositionValue }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.value) }
    }

    /// The composition now says what was tuned.
    mutating func saved() {
        tuned = tuned.mapValues { Tuned(value: $0.value, compositionValue: $0.value) }
    }

    mutating func removeAll() {
        tuned.removeAll()
    }
}
