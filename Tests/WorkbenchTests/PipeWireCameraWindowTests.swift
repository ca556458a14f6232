import Foundation
import TestSupport
import Testing

/// A PipeWire camera as the window's live source (GStreamer's test source on the tests' own PipeWire session):
/// shown in its colour, its last frame held with a notice when its node goes, and, when a node of its name
/// comes back at another size and colour, shown again with the graph built at that size.
@Suite("PipeWire cameras in the window", .serialized)
struct PipeWireCameraWindowTests {
    static func shows(_ window: LiveWindow, _ colour: (Int, Int, Int)) -> Bool {
        guard let shown = try? window.centre() else { return false }
        return abs(Int(shown.r) - colour.0) <= 3 && abs(Int(shown.g) - colour.1) <= 3 && abs(Int(shown.b) - colour.2) <= 3
    }

    @Test("the camera shows; its node gone, the last frame stays with a notice; back at another size, it shows again at that size")
    func comesBackResized() throws {
        let session = try PipeWireSession.shared.get()
        let name = "window-cam-\(UUID().uuidString.prefix(6))"
        let logs = try TemporaryFolder()
        var producer = try session.testSource(named: name, caps: "video/x-raw,format=YUY2,width=320,height=240,framerate=30/1",
                                              colour: 0xc03030, logs: logs)
        let window = try LiveWindow(composition: "composition: 1\nnodes:\n  camera: { kind: camera, device: \"pipewire:\(name)\" }\noutput: camera\n",
                                    environment: session.environment.filter { ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key) })
        #expect(eventually(timeout: 20) { Self.shows(window, (0xc0, 0x30, 0x30)) }, "\(String(describing: try? window.centre())) \(window.app.error)")
        producer.killNow()
        #expect(eventually(timeout: 10) { window.app.error.contains("camera pipewire:\(name) (Test-source-\(name))") }, "\(window.app.error)")
        #expect(Self.shows(window, (0xc0, 0x30, 0x30)), "the last frame stays")
        // Connecting again every half second while the node is away, the fault is said once.
        Thread.sleep(forTimeInterval: 2)
        #expect(window.app.error.components(separatedBy: "camera pipewire:\(name) (").count - 1 == 1, "\(window.app.error)")
        producer = try session.testSource(named: name, caps: "video/x-raw,format=NV12,width=160,height=120,framerate=30/1",
                                          colour: 0x30c030, logs: logs)
        defer { producer.killNow() }
        #expect(eventually(timeout: 20) { Self.shows(window, (0x30, 0xc0, 0x30)) }, "\(String(describing: try? window.centre())) \(window.app.error)")
        let reasons = window.trace.events.filter { $0.name == "reload" }.compactMap { $0.fields["reason"] as? String }
        #expect(reasons.filter { $0 == "source size" }.count == 1, "\(reasons)")
        #expect(window.app.isRunning)
    }
}
