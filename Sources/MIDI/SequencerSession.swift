import CALSA
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// One opening of the ALSA sequencer as the "Shaderbench" client: its input port, subscribed to the system's
/// announcements of ports coming and going. Used by `SequencerClient`'s thread only.
final class SequencerSession {
    enum Arrival {
        case midi(MIDIEvent)
        case portAppeared
        case portWent(String)
    }

    let clientID: Int32
    let port: Int32
    let descriptors: [pollfd]
    /// Set when reading fails for a reason other than no input: the session is then opened again.
    private(set) var failed = false
    private let functions: SequencerFunctions
    private let handle: OpaquePointer

    init(functions: SequencerFunctions) throws(MIDIError) {
        self.functions = functions
        var opened: OpaquePointer?
        let code = functions.open(&opened, "default", SND_SEQ_OPEN_INPUT, SND_SEQ_NONBLOCK)
        guard code >= 0, let opened else {
            let missing = access("/dev/snd/seq", F_OK) != 0
            throw MIDIError("cannot open the ALSA sequencer: \(functions.reason(code))"
                            + (missing ? " (there is no /dev/snd/seq: load the kernel's sequencer with `modprobe snd-seq`)" : ""))
        }
        handle = opened
        _ = functions.setClientName(handle, SequencerClient.clientName)
        port = functions.createSimplePort(handle, "input", UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE),
                                          UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
        guard port >= 0 else {
            _ = functions.close(handle)
            throw MIDIError("cannot make the sequencer's input port: \(functions.reason(port))")
        }
        clientID = functions.clientID(handle)
        // Port news, so a source plugged in later is connected.
        _ = functions.connectFrom(handle, port, Int32(SND_SEQ_CLIENT_SYSTEM), Int32(SND_SEQ_PORT_SYSTEM_ANNOUNCE))
        let count = max(0, functions.pollDescriptorCount(handle, Int16(POLLIN)))
        var descriptors = [pollfd](repeating: pollfd(), count: Int(count))
        _ = functions.pollDescriptors(handle, &descriptors, UInt32(count), Int16(POLLIN))
        self.descriptors = descriptors
    }

    func close() {
        _ = functions.close(handle)
    }

    /// Connects the source `address` ("CLIENT:PORT", numbers or names) to the input port.
    func connect(from address: String) -> Result<(address: String, byName: String), MIDIError> {
        var parsed = snd_seq_addr_t()
        let found = functions.parseAddress(handle, &parsed, address)
        guard found >= 0 else {
            return .failure(MIDIError("there is no MIDI port '\(address)' (`aconnect -i` lists them); it is connected when it appears"))
        }
        let connected = functions.connectFrom(handle, port, Int32(parsed.client), Int32(parsed.port))
        guard connected >= 0 else {
            return .failure(MIDIError("cannot connect MIDI port '\(address)': \(functions.reason(connected))"))
        }
        let numbers = "\(parsed.client):\(parsed.port)"
        return .success((numbers, clientName(parsed.client).map { "\($0):\(parsed.port)" } ?? numbers))
    }

    private func clientName(_ client: UInt8) -> String? {
        var info: OpaquePointer?
        guard functions.clientInfoNew(&info) >= 0, let info else { return nil }
        defer { functions.clientInfoFree(info) }
        guard functions.anyClientInfo(handle, Int32(client), info) >= 0 else { return nil }
        return functions.clientInfoName(info).map { String(cString: $0) }
    }

    /// The next event waiting, or nil when none is.
    func nextEvent() -> Arrival? {
        while true {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let code = functions.eventInput(handle, &event)
            if code == -EAGAIN { return nil }
            // An overrun lost events; the next read goes on with what is there.
            if code == -ENOSPC { continue }
            guard code >= 0, let event else {
                failed = true
                return nil
            }
            let type = UInt32(event.pointee.type)
            switch type {
            case SND_SEQ_EVENT_PORT_START.rawValue, SND_SEQ_EVENT_CLIENT_START.rawValue:
                return .portAppeared
            case SND_SEQ_EVENT_PORT_EXIT.rawValue:
                let gone = event.pointee.data.addr
                return .portWent("\(gone.client):\(gone.port)")
            default:
                if let midi = MIDIEvent(event.pointee) { return .midi(midi) }
            }
        }
    }
}
