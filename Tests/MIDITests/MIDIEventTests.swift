import CALSA
import MIDI
import Testing

/// Sequencer events read as the workbench plays parameters from them. The structures are the ones the ALSA
/// sequencer hands its clients, filled as the kernel fills them; `MIDIByteDecoder`'s come from libasound's own
/// encoder.
@Suite("MIDI events")
struct MIDIEventTests {
    static func event(_ type: snd_seq_event_type, _ fill: (inout snd_seq_event_t) -> Void) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.type = UInt8(type.rawValue)
        fill(&event)
        return event
    }

    @Test("notes, controllers and the pitch wheel are read from the sequencer's structures; other events are not")
    func readsSequencerEvents() {
        let noteOn = Self.event(SND_SEQ_EVENT_NOTEON) { $0.data.note.channel = 9; $0.data.note.note = 36; $0.data.note.velocity = 100 }
        #expect(MIDIEvent(noteOn) == .noteOn(channel: 9, note: 36, velocity: 100))
        let silentOn = Self.event(SND_SEQ_EVENT_NOTEON) { $0.data.note.note = 36; $0.data.note.velocity = 0 }
        #expect(MIDIEvent(silentOn) == .noteOff(channel: 0, note: 36), "a note-on at velocity 0 is a release")
        let noteOff = Self.event(SND_SEQ_EVENT_NOTEOFF) { $0.data.note.channel = 2; $0.data.note.note = 60; $0.data.note.velocity = 64 }
        #expect(MIDIEvent(noteOff) == .noteOff(channel: 2, note: 60))
        let control = Self.event(SND_SEQ_EVENT_CONTROLLER) { $0.data.control.channel = 15; $0.data.control.param = 21; $0.data.control.value = 127 }
        #expect(MIDIEvent(control) == .control(channel: 15, controller: 21, value: 127, fine: false))
        let fine = Self.event(SND_SEQ_EVENT_CONTROL14) { $0.data.control.param = 7; $0.data.control.value = 16383 }
        #expect(MIDIEvent(fine) == .control(channel: 0, controller: 7, value: 16383, fine: true))
        let bend = Self.event(SND_SEQ_EVENT_PITCHBEND) { $0.data.control.channel = 1; $0.data.control.value = -8192 }
        #expect(MIDIEvent(bend) == .pitchBend(channel: 1, value: -8192))
        let outOfRange = Self.event(SND_SEQ_EVENT_CONTROLLER) { $0.data.control.param = 1; $0.data.control.value = 300 }
        #expect(MIDIEvent(outOfRange) == .control(channel: 0, controller: 1, value: 300, fine: false), "kept as sent, for the mapping to report")
        #expect(MIDIEvent(Self.event(SND_SEQ_EVENT_CLOCK) { _ in }) == nil)
        #expect(MIDIEvent(Self.event(SND_SEQ_EVENT_PORT_START) { _ in }) == nil)
    }

    @Test("MIDI bytes go through libasound's encoder to the same events, running status and split messages included")
    func decodesBytes() throws {
        let decoder = try MIDIByteDecoder()
        #expect(decoder.events(from: [0xB0, 21, 64]) == [.control(channel: 0, controller: 21, value: 64, fine: false)])
        // Running status: the second controller has no status byte of its own.
        #expect(decoder.events(from: [0xB3, 22, 1, 23, 2]) == [.control(channel: 3, controller: 22, value: 1, fine: false),
                                                               .control(channel: 3, controller: 23, value: 2, fine: false)])
        #expect(decoder.events(from: [0x90, 60, 127, 0x80, 60, 0, 0x90, 61, 0]) == [.noteOn(channel: 0, note: 60, velocity: 127),
                                                                                    .noteOff(channel: 0, note: 60), .noteOff(channel: 0, note: 61)])
        #expect(decoder.events(from: [0xE1, 0x00, 0x40]) == [.pitchBend(channel: 1, value: 0)])
        #expect(decoder.events(from: [0xE1, 0x7F, 0x7F]) == [.pitchBend(channel: 1, value: 8191)])
        #expect(decoder.events(from: [0xB0, 1]).isEmpty, "half a message waits for the rest")
        #expect(decoder.events(from: [99]) == [.control(channel: 0, controller: 1, value: 99, fine: false)])
        #expect(decoder.events(from: [0xF8]).isEmpty, "a clock tick plays nothing")
    }
}
