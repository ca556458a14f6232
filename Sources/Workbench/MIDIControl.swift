import MIDI
import OSC
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Published parameters played from MIDI: the composition's `controls:` (and controls learned in the panel)
/// turn each controller, note or bend into a value. Events come from the ALSA sequencer's thread, or as OSC
/// `m` arguments (`/shaderbench/midi`), and are only queued there; the loop takes them between frames, so GL and
/// the session stay on their thread and the window never waits for a controller.
final class MIDIControl {
    /// Events waiting for the loop are bounded: a flood drops the oldest.
    static let queueCapacity = 1024

    enum Action: Equatable {
        case set(TunableParameter, [Float])
        case pulse(TunableParameter)
        case learned(ControlMapping)
    }

    private let queue = Locked<[MIDIEvent]>([])
    /// The sequencer client, made when a composition or `--midi` first asks for MIDI, or a learn button is
    /// pressed; with the source it was made for.
    private(set) var sequencer: (client: SequencerClient, source: String?)?
    private var bytes: MIDIByteDecoder?
    /// The last MSB of each 7-bit controller below 32, by channel × 128 + number, for 14-bit pairs.
    private var coarse: [Int: Int] = [:]
    /// Problems already said, each once however often a controller repeats it.
    private var warned: Set<String> = []
    /// The parameter whose learn button waits for the next controller moved.
    var learning: TunableParameter?

    /// Connects the sequencer client to `source` (nil: only its own port, for others to connect), making it
    /// on first use or again when the source changes; the client's problem, if it has one now.
    func listen(source: String?) -> MIDIError? {
        if let sequencer, sequencer.source == source { return nil }
        sequencer?.client.stop()
        let queue = self.queue
        let client = SequencerClient(source: source) { event in Self.enqueue(event, in: queue) }
        sequencer = (client, source)
        return client.problem
    }

    func stop() {
        sequencer?.client.stop()
    }

    /// `/shaderbench/midi` with `m` arguments (a port byte, a status byte and two data bytes each), or plain
    /// integers as MIDI bytes, for senders without `m`: decoded as the sequencer's events are.
    func receive(_ arguments: [OSCMessage.Argument]) -> Result<Void, MIDIError> {
        var raw: [UInt8] = []
        for argument in arguments {
            switch argument {
            case .midi(let four) where four.count == 4: raw += four.dropFirst()
            case .integer(let byte) where (0...255).contains(byte): raw.append(UInt8(byte))
            default: return .failure(MIDIError("takes MIDI: 'm' arguments, or integers 0 to 255 as bytes; the message has ',\(String(arguments.map(\.tag)))'"))
            }
        }
        do throws(MIDIError) {
            if bytes == nil { bytes = try MIDIByteDecoder() }
            for event in bytes?.events(from: raw) ?? [] { Self.enqueue(event, in: queue) }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// An event from anywhere, taken with the next frame's.
    func receive(_ event: MIDIEvent) {
        Self.enqueue(event, in: queue)
    }

    private static func enqueue(_ event: MIDIEvent, in queue: Locked<[MIDIEvent]>) {
        queue.withLock { waiting in
            if waiting.count >= queueCapacity { waiting.removeFirst() }
            waiting.append(event)
        }
        GLFWWindow.wake()
    }

    /// Whether events wait for `takeActions`.
    var hasEvents: Bool { queue.withLock { !$0.isEmpty } }

    /// What the events that arrived since the last call do, in order: a learned mapping first when a learn
    /// button waits, then each mapping's new value.
    func takeActions(controls: [ControlMapping], parameters: [TunableParameter], current: (TunableParameter) -> [Float]?) -> [Action] {
        let events = queue.withLock { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
        }
        var actions: [Action] = []
        for event in events {
            // A parameter a reload took away learns nothing, and stops waiting.
            if let parameter = learning, !parameters.contains(where: { $0.reference.isSameParameter(as: parameter.reference) }) {
                learning = nil
            }
            if let parameter = learning, let mapping = Self.mapping(learnedFrom: event, for: parameter) {
                learning = nil
                actions.append(.learned(mapping))
                continue
            }
            for mapping in controls where mapping.channel.map({ $0 - 1 == event.channel }) ?? true {
                guard let fraction = fraction(of: event, for: mapping),
                      let parameter = parameters.first(where: { $0.reference.isSameParameter(as: mapping.parameter) }),
                      !parameter.isWired else { continue }
                if parameter.control == .button {
                    if fraction >= 0.5 { actions.append(.pulse(parameter)) }
                } else {
                    actions.append(.set(parameter, parameter.value(at: fraction, component: mapping.component, from: current(parameter) ?? [])))
                }
            }
            if case .control(let channel, let number, let value, false) = event, number < 32 { coarse[channel * 128 + number] = Self.clamped(value, to: 127) }
        }
        return actions
    }

    /// How far across its range `event` sets `mapping`'s parameter, 0 to 1; nil when it does not concern it.
    private func fraction(of event: MIDIEvent, for mapping: ControlMapping) -> Float? {
        switch (mapping.source, event) {
        case (.controller(let number, false), .control(_, let controller, let value, let fine)) where controller == number:
            return fine ? Float(Self.clamped(value, to: 16383)) / 16383 : Float(checked(value, of: mapping)) / 127
        case (.controller(let number, true), .control(_, let controller, let value, let fine)) where controller == number:
            // An MSB alone is the coarse value (its LSB taken as 0), as a 14-bit receiver does until the LSB comes.
            return fine ? Float(Self.clamped(value, to: 16383)) / 16383 : Float(checked(value, of: mapping) << 7) / 16383
        case (.controller(let number, true), .control(let channel, let controller, let value, false)) where controller == number + 32:
            return Float((coarse[channel * 128 + number] ?? 0) << 7 | checked(value, of: mapping)) / 16383
        case (.note(let note), .noteOn(_, let key, _)) where key == note:
            return 1
        case (.note(let note), .noteOff(_, let key)) where key == note:
            return 0
        case (.velocity(let note), .noteOn(_, let key, let velocity)) where key == note:
            return Float(checked(velocity, of: mapping)) / 127
        case (.pitchBend, .pitchBend(_, let value)):
            return Float(Self.clamped(value + 8192, to: 16383)) / 16383
        default:
            return nil
        }
    }

    /// A 7-bit value, clamped into 0 to 127 with a warning (once per source) when a sender went outside it.
    private func checked(_ value: Int, of mapping: ControlMapping) -> Int {
        let clamped = Self.clamped(value, to: 127)
        if clamped != value, warned.insert(mapping.sourceDescription).inserted {
            StandardStreams.error(Diagnostic.warning("MIDI \(mapping.sourceDescription) sent \(value), outside 0 to 127; taken as \(clamped)",
                                                     code: .oscMessage).rendered() + "\n")
        }
        return clamped
    }

    private static func clamped(_ value: Int, to top: Int) -> Int { min(max(value, 0), top) }

    /// The mapping a learn button makes of the next controller moved: a controller or the wheel as itself; a
    /// note as its key for a bool or event, else as its velocity. Releases teach nothing.
    static func mapping(learnedFrom event: MIDIEvent, for parameter: TunableParameter) -> ControlMapping? {
        let source: ControlMapping.Source
        switch event {
        case .control(_, let number, _, let fine): source = .controller(number, fine: fine && number < 32)
        case .noteOn(_, let note, _): source = [.checkbox, .button].contains(parameter.control) ? .note(note) : .velocity(note)
        case .pitchBend: source = .pitchBend
        case .noteOff: return nil
        }
        return ControlMapping(parameter: parameter.reference, source: source, channel: event.channel + 1)
    }
}
