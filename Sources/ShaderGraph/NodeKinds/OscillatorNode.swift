import ShaderLanguage

/// `kind: lfo`: a low-frequency oscillator, its waveform, rate and phase.
struct OscillatorNode: NodeKindModel {
    var oscillator: Oscillator

    static let keywords = ["lfo"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "waveform", "rate", "phase"], in: "an lfo node")
        let fields = declaration.fields
        var oscillator = Oscillator()
        if let waveformNode = fields["waveform"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(waveformNode, what: "'waveform'") }) {
            guard let waveform = Oscillator.Waveform(rawValue: text) else {
                loading.report("unknown waveform '\(text)'; expected one of: \(Oscillator.Waveform.allCases.map(\.rawValue).joined(separator: ", "))", at: waveformNode, code: .wrongValue)
                return nil
            }
            oscillator.waveform = waveform
        }
        for (key, range) in [("rate", 0.0...1000.0), ("phase", 0.0...1.0)] {
            guard let node = fields[key] else { continue }
            guard let number = node.scalar.flatMap(loading.reader.number), range.contains(number) else {
                loading.report("'\(key)' is a number from \(range.lowerBound) to \(range.upperBound)", at: node, code: .wrongValue)
                return nil
            }
            if key == "rate" { oscillator.rate = Float(number) } else { oscillator.phase = Float(number) }
        }
        return .oscillator(oscillator)
    }

    var output: NodeOutput { .value(components: 1) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .oscillator(oscillator)
    }
}
