import OSC
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// The composition's `osc: PORT`: the window listens there as `--osc PORT` makes it (which wins), and moves when
/// a reload changes the port or stops when the entry goes. A port that cannot be opened (one in use) is an error at
/// the entry, said once, and the window runs on without OSC.
extension WindowLoop {
    func followCompositionOSCPort() {
        guard !oscPortGiven, let composition = session.loadedComposition else { return }
        let wanted = composition.oscPort
        guard wanted?.port != oscPortTried else { return }
        oscPortTried = wanted?.port
        osc = nil
        guard let wanted else { return }
        do throws(OSCError) {
            osc = try OSCControl(port: wanted.port)
            StandardStreams.error("listening for OSC on UDP port \(wanted.port), as \(wanted.location.file) says\n")
            trace?.record("osc-listening", ["port": .integer(wanted.port)])
        } catch {
            StandardStreams.error(Diagnostic.error(error.message, at: wanted.location, code: .oscPort).rendered() + "\n")
            say("OSC: \(error.message)", seconds: 6)
        }
    }
}
