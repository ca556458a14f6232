import GPU
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Tuning published parameters: a new value goes straight into the running program, so the next frame shows
/// it with nothing compiled; it is kept across reloads, undone and redone, and traced.
extension LiveSession {
    /// What `parameter` is now: tuned, else the composition's; for a wired one, what its wire delivered in
    /// the last frame.
    func value(of parameter: TunableParameter) -> [Float]? {
        guard let wire = parameter.wire else { return tuning.value(of: parameter) }
        guard let loadedComposition, let executor else { return nil }
        switch PublishedParameters.resolve(Wire(node: parameter.reference.node, parameter: parameter.reference.uniform,
                                                location: wire.location), in: tuned(loadedComposition), depth: 0) {
        case .literal(let numbers)?:
            return numbers
        case .wire(let source)?:
            guard let numbers = executor.value(of: source.node) else { return nil }
            return source.components.isEmpty ? numbers : source.components.map { numbers.indices.contains($0) ? numbers[$0] : 0 }
        case nil:
            return nil
        }
    }

    /// Sets `parameter` to `value` from the next frame on. `gestureContinues` while the control is still held,
    /// so the whole drag is one step to undo.
    /// A value with NaN or an infinity in it (typed into a field, made by a controller's mapping) is refused:
    /// the parameter keeps its value, and the first refusal for it is said.
    func tune(_ parameter: TunableParameter, to value: [Float], gestureContinues: Bool) {
        if let problem = FiniteParameterValues.problem(in: value) {
            if refusedNonFinite.insert(parameter.reference.description).inserted {
                StandardStreams.error(Diagnostic.warning("\(parameter.reference): \(problem)", code: .nonFiniteValue).rendered() + "\n")
            }
            if !gestureContinues { history.endGesture() }
            return
        }
        guard !parameter.isWired, let before = self.value(of: parameter), before != value else {
            if !gestureContinues { history.endGesture() }
            return
        }
        history.record(parameter.reference.description, from: before, to: value, gestureContinues: gestureContinues)
        set(parameter, to: value)
        if let current = take, let seconds = takeSeconds() {
            let name = parameter.reference.description
            take?.add(name, seconds: seconds, value: value)
            trace?.record("take-sample", ["parameter": .string(name), "seconds": .number(KeyEditing.rounded(seconds)),
                                          "value": .floats(value)])
            if current.samples[name] == nil, !keys(of: parameter).isEmpty { playPerformed() }
        }
    }

    /// A keyed parameter the take has just started to record over plays the gesture from now on, not its keys.
    private func playPerformed() {
        guard let loadedComposition else { return }
        do {
            replaceExecutor(with: try build(loadedComposition))
        } catch {
            StandardStreams.error("error: the take could not be played: \(error.diagnostics.map(\.codedMessage).joined(separator: "; "))\n")
        }
    }

    /// The control or point was let go.
    func endGesture() {
        history.endGesture()
    }

    /// Takes back the last step; false when there is none.
    func undo() -> Bool {
        switch history.undo() {
        case nil:
            return false
        case .value(let change)?:
            if let parameter = parameters.first(where: { $0.reference.description == change.parameter }) { set(parameter, to: change.before) }
        case .keys(let change)?:
            applyKeys(change.before)
        case .text(let change)?:
            writeBack(change.before, to: change.path, expecting: change.after)
            if let created = change.created { takeOut(created) }
        }
        return true
    }

    /// Takes the last undone step again; false when there is none.
    func redo() -> Bool {
        switch history.redo() {
        case nil:
            return false
        case .value(let change)?:
            if let parameter = parameters.first(where: { $0.reference.description == change.parameter }) { set(parameter, to: change.after) }
        case .keys(let change)?:
            applyKeys(change.after)
        case .text(let change)?:
            if let created = change.created { putBack(created) }
            writeBack(change.after, to: change.path, expecting: change.before)
        }
        return true
    }

    /// An ISF event: true for the next frame, then false again (`endPulses`).
    func pulse(_ parameter: TunableParameter) {
        guard !parameter.isWired else { return }
        trace?.record("parameter-changed", ["node": .string(parameter.reference.node), "uniform": .string(parameter.reference.uniform),
                                            "value": .floats([1])])
        apply(parameter, [1])
        pulsing.append(parameter)
    }

    /// After the frame that showed them, events go back to false; true when there were any (the image then
    /// needs drawing again).
    func endPulses() -> Bool {
        guard !pulsing.isEmpty else { return false }
        for parameter in pulsing { apply(parameter, tuning.value(of: parameter) ?? [0]) }
        pulsing.removeAll()
        return true
    }

    /// How many tuned values differ from the composition's, learned controls are not in it, and parameters'
    /// edited keys differ from its: what a save would write.
    var unsavedCount: Int { tuning.unsaved.count + unsavedControls.count + unsavedKeys.count + orbitedCameras.count }

    /// The tuned values that differ from the composition's, by `node.uniform`.
    var unsavedValues: [(name: String, value: [Float])] { tuning.unsaved }

    /// The value nodes (reductions, oscillators, arithmetic, pointer and keys) with what each made in the
    /// last frame, in the composition's order.
    var valueNodes: [(name: String, kind: String, value: [Float]?)] {
        guard let loadedComposition else { return [] }
        return loadedComposition.nodes.compactMap { node in
            guard case .value = node.output else { return nil }
            return (node.name, node.kind.name, executor?.value(of: node.name))
        }
    }

    private func set(_ parameter: TunableParameter, to value: [Float]) {
        tuning.set(parameter, to: value)
        trace?.record("parameter-changed", ["node": .string(parameter.reference.node), "uniform": .string(parameter.reference.uniform),
                                            "value": .floats(value)])
        apply(parameter, value)
    }

    /// Writes the value into the running program; when other nodes read the parameter, or it shapes the graph
    /// (a texel step, an ISF pass's size), the graph is built again instead, from programs already compiled.
    private func apply(_ parameter: TunableParameter, _ value: [Float]) {
        guard let executor, let loadedComposition else { return }
        let reference = parameter.reference
        if !PublishedParameters.isRead(reference.uniform, of: reference.node, in: loadedComposition),
           executor.setUniform(reference.uniform, of: reference.node, to: value) {
            return
        }
        // Tuned values are in the tuning already; an event's moment of truth is not.
        let overrides = value != tuning.value(of: parameter) ? [ParameterOverride(name: reference.description, values: value)] : []
        do {
            replaceExecutor(with: try build(loadedComposition, overrides: overrides))
        } catch {
            StandardStreams.error("error: \(reference) could not be set: \(error.diagnostics.map(\.codedMessage).joined(separator: "; "))\n")
        }
    }

    /// `composition` with the tuned values that apply to it.
    private func tuned(_ composition: Composition) -> Composition {
        var result = composition
        try? ParameterOverride.apply(tuning.reconcile(with: parameters), to: &result)
        return result
    }
}
