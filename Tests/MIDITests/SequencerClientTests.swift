import Foundation
import MIDI
import Testing

/// The sequencer client itself. Where the kernel's sequencer is there (`/dev/snd/seq`), the client opens, names
/// its port, and says a source that does not exist is not there; where it is not (containers, machines without
/// sound), the client says why and how to load it, and keeps trying. Each test says which of the two ran.
@Suite("ALSA sequencer client")
struct SequencerClientTests {
    static let hasSequencer = FileManager.default.fileExists(atPath: "/dev/snd/seq")

    @Test("a source that does not exist, or no sequencer at all, is a clear problem and no crash")
    func missingSourceOrSequencer() {
        let client = SequencerClient(source: "No Such Controller:0") { _ in }
        defer { client.stop() }
        let problem = client.problem?.message ?? ""
        if Self.hasSequencer {
            #expect(client.ownAddress != nil, "the sequencer is here, so the client has a port")
            #expect(problem.contains("there is no MIDI port 'No Such Controller:0'"), "\(problem)")
        } else {
            #expect(client.ownAddress == nil)
            #expect(problem.contains("cannot open the ALSA sequencer") && problem.contains("modprobe snd-seq"),
                    "no /dev/snd/seq here: \(problem)")
        }
    }

    @Test("stopping ends the thread at once, with or without a sequencer")
    func stops() {
        let client = SequencerClient(source: nil) { _ in }
        let start = ContinuousClock.now
        client.stop()
        #expect(ContinuousClock.now - start < .seconds(1))
        client.stop()
    }
}
