import MIDI
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// MIDI in the window: the sequencer client is made once something asks for MIDI (`--midi`, the composition's
/// `midi:` or `controls:`, a learn button), its problems are said once each, and what arrived plays the
/// parameters between frames.
extension WindowLoop {
    func takeMIDI() {
        followMIDISource()
        guard midi.hasEvents else { return }
        let actions = midi.takeActions(controls: session.controls, parameters: session.parameters) { session.value(of: $0) }
        for action in actions {
            switch action {
            case .set(let parameter, let value): session.tune(parameter, to: value, gestureContinues: false)
            case .pulse(let parameter): session.pulse(parameter)
            case .learned(let mapping):
                session.learn(mapping)
                say("\(mapping.key) ← \(mapping.sourceDescription) (Ctrl-S saves it)")
            }
            needsFrame = true
        }
    }

    private func followMIDISource() {
        let composition = session.loadedComposition
        let wanted = midiSourceGiven ?? composition?.midiSource?.source
        let asked = wanted != nil || !session.controls.isEmpty || midi.learning != nil
        if asked, midi.sequencer == nil || midi.sequencer?.source != wanted {
            _ = midi.listen(source: wanted)
            if let address = midi.sequencer?.client.ownAddress {
                StandardStreams.error("MIDI: the sequencer port \(address) (\(SequencerClient.clientName)) takes controllers; `aconnect` connects more\n")
                trace?.record("midi-listening", ["port": .string(address)])
            }
        }
        guard let client = midi.sequencer?.client else { return }
        let problem = client.problem?.message
        guard problem != midiProblemSaid else { return }
        midiProblemSaid = problem
        if let problem {
            if let location = composition?.midiSource?.location, midiSourceGiven == nil, problem.contains("no MIDI port") {
                StandardStreams.error(Diagnostic.warning(problem, at: location, code: .midiPort).rendered() + "\n")
            } else {
                StandardStreams.error(Diagnostic.warning("MIDI: \(problem)", code: .midiPort).rendered() + "\n")
            }
            say("MIDI: \(problem)", seconds: 6)
            trace?.record("midi-problem", ["message": .string(problem)])
        } else if let connected = client.connected {
            StandardStreams.error("MIDI: connected \(wanted ?? connected) (\(connected))\n")
            say("MIDI: connected \(wanted ?? connected)")
        }
    }
}
