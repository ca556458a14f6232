import CALSA

/// A channel message from a controller, as the parameters are played from: channels 0 to 15 as MIDI counts
/// them (a person's 1 to 16), numbers as sent. Values are kept as they came, even outside MIDI's range, so
/// the mapping can say so rather than have them silently cut.
public enum MIDIEvent: Equatable, Sendable {
    /// A control change: 7 bits, or 14 when the sender paired MSB and LSB itself (`fine`).
    case control(channel: Int, controller: Int, value: Int, fine: Bool)
    /// A key pressed; a note-on with velocity 0 is a release, as MIDI says, and reads as `noteOff`.
    case noteOn(channel: Int, note: Int, velocity: Int)
    case noteOff(channel: Int, note: Int)
    /// The pitch wheel, -8192 to 8191 with 0 at rest.
    case pitchBend(channel: Int, value: Int)

    public var channel: Int {
        switch self {
        case .control(let channel, _, _, _), .noteOn(let channel, _, _), .noteOff(let channel, _), .pitchBend(let channel, _): channel
        }
    }

    /// The event a sequencer event carries, or nil for one that plays no parameter (clock, sysex, port news).
    public init?(_ event: snd_seq_event_t) {
        let channel = Int(event.data.note.channel)
        switch UInt32(event.type) {
        case SND_SEQ_EVENT_NOTEON.rawValue where event.data.note.velocity == 0:
            self = .noteOff(channel: channel, note: Int(event.data.note.note))
        case SND_SEQ_EVENT_NOTEON.rawValue:
            self = .noteOn(channel: channel, note: Int(event.data.note.note), velocity: Int(event.data.note.velocity))
        case SND_SEQ_EVENT_NOTEOFF.rawValue:
            self = .noteOff(channel: channel, note: Int(event.data.note.note))
        case SND_SEQ_EVENT_CONTROLLER.rawValue:
            self = .control(channel: Int(event.data.control.channel), controller: Int(event.data.control.param),
                            value: Int(event.data.control.value), fine: false)
        case SND_SEQ_EVENT_CONTROL14.rawValue:
            self = .control(channel: Int(event.data.control.channel), controller: Int(event.data.control.param),
                            value: Int(event.data.control.value), fine: true)
        case SND_SEQ_EVENT_PITCHBEND.rawValue:
            self = .pitchBend(channel: Int(event.data.control.channel), value: Int(event.data.control.value))
        default:
            return nil
        }
    }
}
