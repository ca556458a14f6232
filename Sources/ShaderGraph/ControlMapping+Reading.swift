import ShaderLanguage
import Yams

extension ControlMapping {
    /// Reads `controls:`, a mapping of `node.uniform` (or `node.uniform[N]`) to one source each.
    static func readAll(_ node: Yams.Node, with reader: YAMLReader, into diagnostics: inout [Diagnostic]) -> [ControlMapping] {
        guard case .mapping(let entries) = node else {
            diagnostics.append(reader.error("'controls' must be a mapping of node.uniform to a MIDI source ({ cc: 21 }, { note: 36 }, …), "
                                            + "found \(reader.describe(node))", at: node, code: .controlTarget))
            return []
        }
        return entries.compactMap { key, value in
            do throws(Diagnostic) {
                return try read(key: key, value: value, with: reader, diagnostics: &diagnostics)
            } catch {
                diagnostics.append(error)
                return nil
            }
        }
    }

    private static func read(key: Yams.Node, value: Yams.Node, with reader: YAMLReader,
                             diagnostics: inout [Diagnostic]) throws(Diagnostic) -> ControlMapping {
        let name = try reader.string(key, what: "a control's parameter")
        guard let (parameter, component) = parse(name, at: reader.location(of: key)) else {
            throw reader.error("'\(name)' is not a parameter to control: write node.uniform, or node.uniform[N] for one number of it", at: key, code: .controlTarget)
        }
        let what = "the control of \(name)"
        let fields = try coded(.controlSource) { () throws(Diagnostic) in try reader.mapping(value, what: what) }
        reader.checkKeys(fields, allowed: keys, in: what, into: &diagnostics)
        let sources = ["cc", "note", "velocity", "bend"].filter { fields[$0] != nil }
        guard sources.count == 1 else {
            throw reader.error("\(what) needs one of cc, note, velocity or bend" + (sources.isEmpty ? "" : ", not \(sources.joined(separator: " and "))"),
                               at: value, code: .controlSource)
        }
        if let bits = fields["bits"], sources[0] != "cc" {
            throw reader.error("'bits' is for controllers (cc), not \(sources[0])", at: bits, code: .controlSource)
        }
        let source: Source
        switch sources[0] {
        case "cc":
            let number = try coded(.controlNumber) { () throws(Diagnostic) in try reader.integer(fields["cc"]!, what: "a controller number", in: 0...127) }
            let bits = try fields["bits"].map { node throws(Diagnostic) in
                try coded(.controlNumber) { () throws(Diagnostic) in try reader.integer(node, what: "'bits'", in: 7...14) }
            } ?? 7
            guard bits == 7 || bits == 14 else { throw reader.error("'bits' is 7 or 14 (an MSB and LSB pair), not \(bits)", at: fields["bits"]!, code: .controlNumber) }
            guard bits == 7 || number < 32 else {
                throw reader.error("14-bit controllers pair CC 0–31 with CC 32–63; CC \(number) has no pair", at: fields["cc"]!, code: .controlNumber)
            }
            source = .controller(number, fine: bits == 14)
        case "note":
            source = .note(try coded(.controlNumber) { () throws(Diagnostic) in try reader.integer(fields["note"]!, what: "a note number", in: 0...127) })
        case "velocity":
            source = .velocity(try coded(.controlNumber) { () throws(Diagnostic) in
                try reader.integer(fields["velocity"]!, what: "a note number", in: 0...127)
            })
        default:
            guard try coded(.controlSource, { () throws(Diagnostic) in try reader.flag(fields["bend"]!, what: "'bend'") }) else {
                throw reader.error("'bend: false' plays nothing; leave the control out instead", at: fields["bend"]!, code: .controlSource)
            }
            source = .pitchBend
        }
        let channel = try fields["channel"].map { node throws(Diagnostic) in
            try coded(.controlNumber) { () throws(Diagnostic) in try reader.integer(node, what: "a MIDI channel", in: 1...16) }
        }
        return ControlMapping(parameter: parameter, component: component, source: source, channel: channel, location: reader.location(of: key))
    }

    /// What `read` throws, given `code`.
    private static func coded<Value>(_ code: DiagnosticCode, _ read: () throws(Diagnostic) -> Value) throws(Diagnostic) -> Value {
        do {
            return try read()
        } catch {
            var coded = error
            coded.code = code
            throw coded
        }
    }

    /// `node.uniform` or `node.uniform[N]`.
    static func parse(_ name: String, at location: SourceLocation) -> (ParameterReference, Int?)? {
        var base = Substring(name)
        var component: Int?
        if name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
            guard let number = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), number >= 0 else { return nil }
            component = number
            base = name[..<open]
        }
        let parts = base.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return (ParameterReference(node: String(parts[0]), uniform: String(parts[1]), location: location), component)
    }
}
