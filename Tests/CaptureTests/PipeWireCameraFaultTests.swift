@testable import Capture
import Foundation
import Glibc
import Testing
import TestSupport

/// A PipeWire camera session through what goes wrong with real daemons: the node going away and coming back,
/// the daemon killed and started again, a producer that stops sending. Each test has a session of its own,
/// since one kills its daemon.
@Suite("PipeWire camera faults", .serialized)
struct PipeWireCameraFaultTests {
    let session: PipeWireSession
    let folder: TemporaryFolder

    init() throws {
        session = try PipeWireSession()
        folder = try TemporaryFolder()
    }

    static let caps = "video/x-raw,format=YUY2,width=320,height=240,framerate=30/1"

    /// The camera `node` on this test's daemon.
    func camera(_ node: String) -> PipeWireCamera {
        PipeWireCamera(node: node, request: CaptureRequest(width: 320, height: 240), remote: session.socket)
    }

    func framesArrive(_ camera: PipeWireCamera, after count: Int, timeout: Double = 15) -> Bool {
        eventually(timeout: timeout) {
            _ = camera.takeFrame()
            return camera.status.framesCaptured > count && camera.status.state == .streaming
        }
    }

    @Test("a node that goes away is said to be away, and the camera streams again when a node of its name comes back")
    func nodeComesBack() throws {
        do {
            var producer = try session.testSource(named: "returning", caps: Self.caps, logs: folder)
            let camera = camera("returning")
            defer { camera.stop() }
            #expect(framesArrive(camera, after: 2), "\(camera.status)")
            producer.killNow()
            #expect(eventually(timeout: 10) {
                if case .disconnected = camera.status.state { true } else { false }
            }, "\(camera.status)")
            #expect(camera.status.notice?.contains("camera pipewire:returning") == true, "\(camera.status)")
            #expect(camera.status.notice?.contains("reconnecting") == true, "\(camera.status)")
            let before = camera.status.framesCaptured
            producer = try session.testSource(named: "returning", caps: Self.caps, logs: folder)
            #expect(framesArrive(camera, after: before), "\(camera.status)")
            #expect(camera.status.notice == nil)
            producer.killNow()
        }
    }

    @Test("a node that comes back at another size streams at that size")
    func nodeComesBackResized() throws {
        do {
            var producer = try session.testSource(named: "resized", caps: Self.caps, logs: folder)
            let camera = camera("resized")
            defer { camera.stop() }
            #expect(framesArrive(camera, after: 1))
            #expect(camera.frameSize.map { [$0.width, $0.height] } == [320, 240])
            producer.killNow()
            let before = camera.status.framesCaptured
            producer = try session.testSource(named: "resized", caps: "video/x-raw,format=NV12,width=160,height=120,framerate=30/1", logs: folder)
            #expect(framesArrive(camera, after: before), "\(camera.status)")
            #expect(camera.frameSize.map { [$0.width, $0.height] } == [160, 120], "\(camera.status)")
            let frame = camera.waitForFrame(timeout: 5)
            #expect(frame?.layout.format == .nv12 && frame?.layout.width == 160)
            producer.killNow()
        }
    }

    @Test("the daemon killed while streaming is said once, and the camera streams again when it is back")
    func daemonRestarts() throws {
        do {
            var producer = try session.testSource(named: "survivor", caps: Self.caps, logs: folder)
            let camera = camera("survivor")
            defer { camera.stop() }
            #expect(framesArrive(camera, after: 2))
            session.killDaemon()
            producer.killNow()
            #expect(eventually(timeout: 10) { camera.status.reason?.contains("PipeWire") == true }, "\(camera.status)")
            let down = camera.status.reason ?? ""
            #expect(down.contains("PipeWire stopped") || down.contains("PipeWire is not running"), "\(down)")
            let before = camera.status.framesCaptured
            try session.startDaemon()
            producer = try session.testSource(named: "survivor", caps: Self.caps, logs: folder)
            #expect(framesArrive(camera, after: before), "\(camera.status)")
            producer.killNow()
        }
    }

    @Test("a producer that stops sending is said to send nothing, while the last frame stays")
    func stalledNode() throws {
        do {
            let producer = try session.testSource(named: "stalling", caps: Self.caps, logs: folder)
            defer { producer.killNow() }
            let camera = camera("stalling")
            defer { camera.stop() }
            #expect(framesArrive(camera, after: 2))
            kill(producer.processIdentifier, SIGSTOP)
            defer { kill(producer.processIdentifier, SIGCONT) }
            #expect(eventually(timeout: 10) { camera.status.state == .noFrames || camera.status.reason?.contains("no frames") == true },
                    "\(camera.status)")
            #expect(camera.isPresent)
        }
    }
}
