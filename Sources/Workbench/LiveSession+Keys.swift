import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Editing keys in the window: an edit plays from the next frame on (the graph is built again from programs
/// already compiled), is one step in the same history as tuned values, and stays unsaved until Ctrl-S.
extension LiveSession {
    /// The parameters keys can be edited on: the published ones, then those only keys play.
    var keyableParameters: [TunableParameter] {
        guard let loadedComposition else { return parameters }
        return parameters + PlannedParameter.keyedOnly(in: loadedComposition).map { TunableParameter($0, renderSize: executor?.renderSize ?? .standard) }
    }

    /// The keys `parameter` plays now.
    func keys(of parameter: TunableParameter) -> [Keyframe] {
        keyEdits.keys(of: parameter.reference.description, in: loadedComposition)
    }

    /// Gives each parameter (`node.uniform`) its keys; `gestureContinues` while a key is still dragged, so the
    /// whole drag is one step to undo.
    func setKeys(_ keys: [String: [Keyframe]], gestureContinues: Bool) {
        let before = Dictionary(uniqueKeysWithValues: keys.keys.map { ($0, keyEdits.keys(of: $0, in: loadedComposition)) })
        guard before != keys else {
            if !gestureContinues { history.endGesture() }
            return
        }
        history.recordKeys(from: before, to: keys, gestureContinues: gestureContinues)
        applyKeys(keys)
    }

    /// Plays `keys` from the next frame on, without a step in the history (undo, redo).
    func applyKeys(_ keys: [String: [Keyframe]]) {
        for (name, parameterKeys) in keys.sorted(by: { $0.key < $1.key }) {
            keyEdits.set(name, to: parameterKeys)
            trace?.record("keys-changed", ["parameter": .string(name), "times": .floats(parameterKeys.map { Float($0.time) }),
                                           "values": .floats(parameterKeys.flatMap(\.value))])
        }
        guard let loadedComposition else { return }
        do {
            replaceExecutor(with: try build(loadedComposition))
        } catch {
            StandardStreams.error("error: the keys could not be played: \(error.diagnostics.map(\.codedMessage).joined(separator: "; "))\n")
        }
    }

    /// Edited keys that differ from the composition's: what a save writes.
    var unsavedKeys: [(name: String, keys: [Keyframe])] {
        keyEdits.unsaved(against: loadedComposition)
    }

    /// The edited keys as the composition is written with them: each curve's keys as loaded, with their places.
    var unsavedKeyCurves: [KeyWriteBack.Curve] {
        unsavedKeys.compactMap { name, keys in
            keyableParameters.first { $0.reference.description == name }.map { parameter in
                KeyWriteBack.Curve(node: parameter.reference.node, parameter: parameter.reference.uniform, type: parameter.type,
                                   original: KeyEdits.compositionKeys(of: name, in: loadedComposition), keys: keys)
            }
        }
    }
}

/// Recording keys: a take starts, gathers what the controls set, and ends as one edit of each parameter it set.
extension LiveSession {
    func startTake() {
        take = KeyTake()
        trace?.record("take-started", [:])
    }

    /// Ends the take: each parameter it set gets the thinned keys over the take's span, as one step to undo.
    /// Returns what to tell the person.
    func finishTake() -> String {
        guard let finished = take else { return "not recording keys" }
        take = nil
        let keys = finished.keys(existing: { name in self.keyEdits.keys(of: name, in: self.loadedComposition) }, ranges: { name in
            (self.parameters.first { $0.reference.description == name }?.componentRanges ?? []).map { $0.upperBound - $0.lowerBound }
        })
        let events = finished.samples.values.map(\.count).reduce(0, +)
        trace?.record("take-finished", ["events": .integer(events), "parameters": .integer(keys.count)])
        guard !keys.isEmpty else { return "the take set nothing: play, then move a control" }
        history.endGesture()
        setKeys(keys, gestureContinues: false)
        return "recorded keys on \(keys.keys.sorted().joined(separator: ", ")) from \(events) change\(events == 1 ? "" : "s")"
    }
}
