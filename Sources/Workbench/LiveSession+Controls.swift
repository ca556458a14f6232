import ShaderGraph

/// MIDI controls: the composition's `controls:`, and those learned in the panel, kept across reloads until
/// Ctrl-S writes them into the composition.
extension LiveSession {
    /// The composition's controls, with the learned ones in place of any of the same key.
    var controls: [ControlMapping] {
        // Asked for between every two frames: with nothing learned, the composition's own list as it is.
        guard !learnedControls.isEmpty else { return loadedComposition?.controls ?? [] }
        let learned = Set(learnedControls.map(\.key))
        return (loadedComposition?.controls ?? []).filter { !learned.contains($0.key) } + learnedControls
    }

    /// The learned controls a save would write.
    var unsavedControlMappings: [ControlMapping] {
        learnedControls.filter { unsavedControls.contains($0.key) }
    }

    /// Plays `mapping`'s parameter from its source from now on, in place of what played it before.
    func learn(_ mapping: ControlMapping) {
        learnedControls.removeAll { $0.key == mapping.key }
        learnedControls.append(mapping)
        unsavedControls.insert(mapping.key)
        trace?.record("control-learned", ["parameter": .string(mapping.key), "control": .string(mapping.text())])
    }
}
