import Foundation
import Images
import Testing
import TestSupport

/// The real executable against PipeWire cameras: GStreamer's test source (a producer not written here) on a
/// private PipeWire session, read through `devices` and `render`.
@Suite("PipeWire cameras in renders")
struct PipeWireCameraTests {
    let session: PipeWireSession
    let folder: TemporaryFolder

    init() throws {
        session = try PipeWireSession.shared.get()
        folder = try TemporaryFolder()
    }

    /// The colour the test source paints, 0x3080c0.
    static let sent = (r: 48, g: 128, b: 192)

    /// What a JPEG decoder makes of GStreamer's MJPG: jpegenc stores the limited-range BT.601 codes of the
    /// I420 frame it is given (Y 112, Cb 168, Cr 88 for the colour sent), and JPEG's own (JFIF) convention
    /// reads them as full range. The arithmetic is JFIF's: R = Y + 1.402 (Cr − 128) and so on.
    static let sentThroughJPEG: (r: Int, g: Int, b: Int) = {
        let (y, cb, cr) = (112.0, 168.0 - 128, 88.0 - 128)
        return (Int((y + 1.402 * cr).rounded()), Int((y - 0.344136 * cb - 0.714136 * cr).rounded()), Int((y + 1.772 * cb).rounded()))
    }()

    func composition(device: String, extra: String = "") throws -> String {
        try folder.write("camera-\(UUID().uuidString.prefix(6)).yaml", """
            nodes:
              camera: { kind: camera, device: "\(device)", size: [320, 240]\(extra) }
            output: camera
            """)
    }

    /// Renders `frames` frames of `path` with the session's environment (plus `extra`) and returns the result
    /// and the last frame.
    func render(_ path: String, frames: Int = 2, extra: [String: String] = [:], in own: PipeWireSession? = nil) throws -> (ProcessResult, RGBAImage?) {
        var environment = (own ?? session).environment
        environment.merge(extra) { $1 }
        let pattern = folder.file("out-\(UUID().uuidString.prefix(6))-%02d.png")
        let result = try runShaderbench(["render", path, "--out", pattern, "--frames", "\(frames)"], environment: environment)
        let last = String(format: pattern, frames - 1)
        return (result, FileManager.default.fileExists(atPath: last) ? try ImageFile.read(path: last) : nil)
    }

    func error(_ image: RGBAImage, from colour: (r: Int, g: Int, b: Int)) -> Int {
        let pixel = image[image.width / 2, image.height / 2]
        return max(abs(Int(pixel.r) - colour.r), abs(Int(pixel.g) - colour.g), abs(Int(pixel.b) - colour.b))
    }

    func source(_ name: String, format: String, width: Int = 320, height: Int = 240, in own: PipeWireSession? = nil) throws -> RunningProcess {
        let caps = "video/x-raw,format=\(format == "MJPG" ? "I420" : format),width=\(width),height=\(height),framerate=30/1"
        return try (own ?? session).testSource(named: name, caps: caps, encoder: format == "MJPG" ? "jpegenc" : nil, logs: folder)
    }

    @Test("devices lists a PipeWire camera with its node name, serial and format")
    func listed() throws {
        let name = "listed-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: "NV12", width: 640, height: 480)
        defer { producer.killNow() }
        let listing = try runShaderbench(["devices"], environment: session.environment)
        #expect(listing.status == 0, "\(listing.error)")
        let lines = listing.output.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("pipewire:\(name) ") }, "\(listing.output)")
        #expect(lines[index].contains("Test-source-\(name)") && lines[index].contains("serial "), "\(lines[index])")
        #expect(lines[index + 1].contains("NV12") && lines[index + 1].contains("640×480") && lines[index + 1].contains("30 fps"),
                "\(listing.output)")
    }

    @Test("every format a PipeWire camera sends comes out in the colour it was sent in", arguments: [
        "YUY2", "UYVY", "NV12", "I420", "YV12", "RGBx", "BGRx", "RGBA", "BGRA", "RGB", "BGR", "MJPG",
    ])
    func formats(format: String) throws {
        let name = "format-\(format.lowercased())-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: format)
        defer { producer.killNow() }
        let (result, image) = try render(try composition(device: "pipewire:\(name)"), frames: 1)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("camera pipewire:\(name) (Test-source-\(name)): \(format) 320×240"), "\(result.error)")
        let frame = try #require(image, "\(result.error)")
        #expect(frame.width == 320 && frame.height == 240)
        let expected = format == "MJPG" ? Self.sentThroughJPEG : Self.sent
        #expect(error(frame, from: expected) <= (format == "MJPG" ? 3 : 1), "\(format): \(frame[160, 120])")
    }

    @Test("converted on the GPU, the packed, two-plane and BGR formats come out in the colour sent", arguments: ["YUY2", "NV12", "BGRx"])
    func formatsOnTheGPU(format: String) throws {
        let name = "gpu-\(format.lowercased())-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: format)
        defer { producer.killNow() }
        let (result, image) = try render(try composition(device: "pipewire:\(name)"), extra: ["SHADERBENCH_FRAME_CONVERSION": "gpu"])
        #expect(result.status == 0, "\(result.error)")
        let frame = try #require(image, "\(result.error)")
        #expect(error(frame, from: Self.sent) <= 1, "\(format): \(frame[160, 120])")
    }

    @Test("a camera is found by its serial as well as by its node name")
    func selectors() throws {
        let name = "chosen-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: "YUY2")
        defer { producer.killNow() }
        let listing = try runShaderbench(["devices"], environment: session.environment).output
        let line = try #require(listing.components(separatedBy: "\n").first { $0.hasPrefix("pipewire:\(name) ") })
        let serial = try #require(line.components(separatedBy: "serial ").last?.components(separatedBy: ",").first)
        let (bySerial, _) = try render(try composition(device: "pipewire:\(serial)"), frames: 1)
        #expect(bySerial.status == 0 && bySerial.error.contains("camera pipewire:\(name)"), "\(bySerial.error)")
    }

    @Test("--input camera:pipewire:NAME puts a PipeWire camera in the composition's live source")
    func asInput() throws {
        let name = "input-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: "NV12")
        defer { producer.killNow() }
        let out = folder.file("input.png")
        let result = try runShaderbench(["render", Repository.root + "/compositions/sepia.yaml", "--input", "camera:pipewire:\(name)",
                                         "--size", "320x240", "--out", out], environment: session.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("camera pipewire:\(name) (Test-source-\(name)): NV12 320×240"), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("a description matches too, ignoring case")
    func byDescription() throws {
        let name = "described-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: "RGBx")
        defer { producer.killNow() }
        let (result, image) = try render(try composition(device: "pipewire:test-SOURCE-\(name.uppercased())"), frames: 1)
        #expect(result.status == 0, "\(result.error)")
        #expect(image.map { error($0, from: Self.sent) <= 1 } == true)
    }

    @Test("device: auto takes a PipeWire camera when no V4L2 camera answers, and says which")
    func autoFallsBack() throws {
        let name = "fallback-\(UUID().uuidString.prefix(6))"
        // A session of its own, whose only camera is this test's: on the shared one, auto takes the first source
        // listed, which may be another test's that is about to stop.
        let own = try PipeWireSession()
        let producer = try source(name, format: "YUY2", in: own)
        defer { producer.killNow() }
        let (result, image) = try render(try composition(device: "auto"), frames: 1, in: own)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("camera: no V4L2 camera answers; using the PipeWire camera \(name) "), "\(result.error)")
        #expect(image != nil)
    }

    @Test("a PipeWire camera that is not there is a located error naming those that are")
    func missingNode() throws {
        let name = "present-\(UUID().uuidString.prefix(6))"
        let producer = try source(name, format: "YUY2")
        defer { producer.killNow() }
        let path = try composition(device: "pipewire:no-such-camera")
        let (result, _) = try render(path, frames: 1)
        #expect(result.status != 0)
        #expect(result.error.contains("no PipeWire camera matches 'no-such-camera'; found: "), "\(result.error)")
        #expect(result.error.contains("pipewire:\(name)") && result.error.contains("[SB"), "\(result.error)")
        #expect(result.error.contains(URL(fileURLWithPath: path).lastPathComponent + ":2:"), "\(result.error)")
    }

    @Test("with no PipeWire daemon, a PipeWire camera is an error saying so, and devices still lists what it can")
    func noDaemon() throws {
        let empty = try TemporaryFolder()
        let path = try composition(device: "pipewire:anything")
        let (result, _) = try render(path, frames: 1, extra: ["XDG_RUNTIME_DIR": empty.path])
        #expect(result.status != 0)
        #expect(result.error.contains("PipeWire is not running in \(empty.path)"), "\(result.error)")
        var environment = session.environment
        environment["XDG_RUNTIME_DIR"] = empty.path
        let listing = try runShaderbench(["devices"], environment: environment)
        #expect(listing.status == 0)
        #expect(listing.output.contains("PipeWire cameras: none listed (PipeWire is not running"), "\(listing.output)")
        #expect(!listing.output.contains("portal"), "\(listing.output)")
        environment["FLATPAK_ID"] = "org.example.Shaderbench"
        let sandboxed = try runShaderbench(["devices"], environment: environment)
        #expect(sandboxed.output.contains("this runs inside Flatpak, where cameras are reached only through the camera portal"),
                "\(sandboxed.output)")
    }
}
