import CALSA

/// MIDI as bytes (a status byte and its data, running status allowed), turned into sequencer events by
/// libasound's own encoder and read from there as the sequencer's are: MIDI that arrives some other way than
/// the sequencer (OSC's `m` arguments) goes the same way from the event structure on.
public final class MIDIByteDecoder {
    private let functions: SequencerFunctions
    private let encoder: OpaquePointer

    public init() throws(MIDIError) {
        functions = try SequencerFunctions.get()
        var made: OpaquePointer?
        let code = functions.encoderNew(256, &made)
        guard code >= 0, let made else { throw MIDIError("cannot make a MIDI decoder: \(functions.reason(code))") }
        encoder = made
    }

    deinit {
        functions.encoderFree(encoder)
    }

    /// The events `bytes` complete, in order; bytes of an unfinished message wait for the next call.
    public func events(from bytes: [UInt8]) -> [MIDIEvent] {
        var events: [MIDIEvent] = []
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                var event = snd_seq_event_t()
                let used = functions.encode(encoder, base + offset, buffer.count - offset, &event)
                guard used > 0 else { break }
                offset += used
                if UInt32(event.type) != SND_SEQ_EVENT_NONE.rawValue, let decoded = MIDIEvent(event) { events.append(decoded) }
            }
        }
        return events
    }
}
