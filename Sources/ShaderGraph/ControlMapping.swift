import ShaderLanguage
import Yams

/// One entry of a composition's `controls:`: a MIDI controller, a note or the pitch wheel playing a published
/// parameter, or one number of it (`grade.tint[2]`).
///
///     controls:
///       grade.exposure: { cc: 21 }              # a knob: 0 to 127 across the parameter's range
///       blur.radius: { cc: 1, bits: 14 }        # MSB on CC 1, LSB on CC 33
///       flash.fire: { note: 36, channel: 10 }   # a pad: a bool held while the key is, an ISF event pulsed
///       flash.level: { velocity: 36 }           # how hard the pad was hit
///       warp.amount: { bend: true }             # the pitch wheel
public struct ControlMapping: Hashable, Sendable {
    public static let keys = ["cc", "bits", "note", "velocity", "bend", "channel"]

    public enum Source: Hashable, Sendable {
        /// Control change `number`; `fine` pairs it (below 32) with `number + 32` as 14 bits.
        case controller(Int, fine: Bool)
        /// A note's key: on and off.
        case note(Int)
        /// How hard a note was struck.
        case velocity(Int)
        case pitchBend
    }

    public var parameter: ParameterReference
    /// The number of a vector or colour it plays; nil for a parameter of one number.
    public var component: Int?
    public var source: Source
    /// 1 to 16, as controllers label them; nil for any channel.
    public var channel: Int?
    /// The entry's key, for errors about it.
    public var location: SourceLocation?

    public init(parameter: ParameterReference, component: Int? = nil, source: Source, channel: Int? = nil, location: SourceLocation? = nil) {
        self.parameter = parameter
        self.component = component
        self.source = source
        self.channel = channel
        self.location = location
    }

    /// What it is written under: `node.uniform`, or `node.uniform[N]` for one number.
    public var key: String { parameter.description + (component.map { "[\($0)]" } ?? "") }

    /// Its value as the composition writes it: `{ cc: 21, channel: 1 }`, keys quoted in JSON.
    public func text(json: Bool = false) -> String {
        var fields: [String]
        switch source {
        case .controller(let number, let fine): fields = ["cc: \(number)"] + (fine ? ["bits: 14"] : [])
        case .note(let note): fields = ["note: \(note)"]
        case .velocity(let note): fields = ["velocity: \(note)"]
        case .pitchBend: fields = ["bend: true"]
        }
        if let channel { fields.append("channel: \(channel)") }
        if json { fields = fields.map { "\"" + $0.replacingOccurrences(of: ": ", with: "\": ") } }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// In a person's words, for notices: "CC 21 on channel 1".
    public var sourceDescription: String {
        let what = switch source {
        case .controller(let number, let fine): fine ? "CC \(number)/\(number + 32)" : "CC \(number)"
        case .note(let note): "note \(note)"
        case .velocity(let note): "note \(note)'s velocity"
        case .pitchBend: "the pitch wheel"
        }
        return what + (channel.map { " on channel \($0)" } ?? "")
    }
}
