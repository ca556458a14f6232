import Foundation
import Images
import Testing
import TestSupport

/// `--output pipewire:NAME` from `render` and the window, read by GStreamer's `pipewiresrc` (a consumer not
/// written here) and by the workbench's own PipeWire camera, on a private PipeWire session.
@Suite("PipeWire output")
struct PipeWireOutputTests {
    let session: PipeWireSession
    let folder: TemporaryFolder

    init() throws {
        session = try PipeWireSession.shared.get()
        folder = try TemporaryFolder()
    }

    /// A still, solid 320×240 composition, and the colour `render` draws it in.
    func solid() throws -> (path: String, colour: (r: Int, g: Int, b: Int)) {
        _ = try folder.write("solid.frag", "void main() { gl_FragColor = vec4(0.25, 0.5, 0.75, 1.0); }\n")
        let path = try folder.write("solid.yaml", """
            size: [320, 240]
            nodes:
              colour: { kind: shader, file: solid.frag }
            output: colour
            """)
        let png = folder.file("solid.png")
        let result = try runShaderbench(["render", path, "--out", png])
        #expect(result.status == 0, "\(result.error)")
        let pixel = try ImageFile.read(path: png)[160, 120]
        return (path, (Int(pixel.r), Int(pixel.g), Int(pixel.b)))
    }

    /// BT.601 limited-range codes of an RGB colour, by the standard's arithmetic.
    static func ycbcr(_ colour: (r: Int, g: Int, b: Int)) -> (y: Int, cb: Int, cr: Int) {
        let (r, g, b) = (Double(colour.r) / 255, Double(colour.g) / 255, Double(colour.b) / 255)
        let luma = 0.299 * r + 0.587 * g + 0.114 * b
        return (Int((16 + 219 * luma).rounded()), Int((128 + 224 * (b - luma) / 1.772).rounded()), Int((128 + 224 * (r - luma) / 1.402).rounded()))
    }

    /// The centre pixel's colour codes in a raw 320×240 frame of `format`, as (Y, Cb, Cr) or (R, G, B).
    static func centre(of frame: [UInt8], format: String) -> [Int] {
        let (x, y, width, height) = (160, 120, 320, 240)
        switch format {
        case "YUY2":
            let pair = y * width * 2 + (x / 2) * 4
            return [frame[pair], frame[pair + 1], frame[pair + 3]].map(Int.init)
        case "NV12":
            let chroma = width * height + (y / 2) * width + (x / 2) * 2
            return [frame[y * width + x], frame[chroma], frame[chroma + 1]].map(Int.init)
        case "I420":
            let quarter = (width / 2) * (height / 2)
            let offset = (y / 2) * (width / 2) + x / 2
            return [frame[y * width + x], frame[width * height + offset], frame[width * height + quarter + offset]].map(Int.init)
        case "BGRx":
            let pixel = (y * width + x) * 4
            return [frame[pixel + 2], frame[pixel + 1], frame[pixel]].map(Int.init)
        default:
            let pixel = (y * width + x) * 4
            return [frame[pixel], frame[pixel + 1], frame[pixel + 2]].map(Int.init)
        }
    }

    func publish(_ path: String, name: String, frames: Int = 600) throws -> RunningProcess {
        let render = try RunningProcess(Repository.executable, ["render", path, "--output", "pipewire:\(name)", "--frames", "\(frames)"],
                                        environment: session.environment, directory: folder.path,
                                        logs: try folder.makeFolder("render-\(name)"))
        #expect(eventually(timeout: 20) { session.nodeNames().contains(name) }, "\(render.error)")
        return render
    }

    @Test("a render's PipeWire camera is read by GStreamer in each format it offers, in the colours render draws")
    func readByGStreamer() throws {
        let (path, colour) = try solid()
        let name = "render-out-\(UUID().uuidString.prefix(6))"
        let render = try publish(path, name: name)
        defer { render.killNow() }
        let codes = Self.ycbcr(colour)
        for format in ["YUY2", "NV12", "I420", "RGBx", "BGRx"] {
            let frame = try #require(try session.readFrames(from: name, format: format, folder: folder), "\(format): no frame; \(render.error)")
            let expectedSize = format.hasSuffix("x") ? 320 * 240 * 4 : format == "YUY2" ? 320 * 240 * 2 : 320 * 240 * 3 / 2
            #expect(frame.count == expectedSize, "\(format)")
            guard frame.count == expectedSize else { continue }
            let expected = format.hasSuffix("x") ? [colour.r, colour.g, colour.b] : [codes.y, codes.cb, codes.cr]
            let got = Self.centre(of: frame, format: format)
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(format): \(got) against \(expected)")
        }
        #expect(render.isRunning, "\(render.error)")
    }

    @Test("the workbench's own PipeWire camera reads a render's output in the colours render draws")
    func readByTheWorkbench() throws {
        let (path, colour) = try solid()
        let name = "loop-\(UUID().uuidString.prefix(6))"
        let render = try publish(path, name: name)
        defer { render.killNow() }
        let camera = try folder.write("reader.yaml", """
            nodes:
              camera: { kind: camera, device: "pipewire:\(name)", size: [320, 240] }
            output: camera
            """)
        let png = folder.file("read.png")
        let result = try runShaderbench(["render", camera, "--out", png], environment: session.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("camera pipewire:\(name) (Shaderbench (\(name))): YUY2 320×240"), "\(result.error)")
        let pixel = try ImageFile.read(path: png)[160, 120]
        let error = max(abs(Int(pixel.r) - colour.r), abs(Int(pixel.g) - colour.g), abs(Int(pixel.b) - colour.b))
        #expect(error <= 2, "\(pixel) against \(colour)")
    }

    @Test("with no consumer, a render publishes and paces its frames and sends none")
    func noConsumer() throws {
        let (path, _) = try solid()
        let name = "unread-\(UUID().uuidString.prefix(6))"
        let started = Date()
        let result = try runShaderbench(["render", path, "--output", "pipewire:\(name)", "--frames", "15"], environment: session.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("PipeWire output: publishing the camera node pipewire:\(name), 320×240 at 30"), "\(result.error)")
        #expect(result.error.contains("PipeWire output: 0 frames taken by consumers of pipewire:\(name)"), "\(result.error)")
        // 15 frames at 30 a second take half a second at least: the frames are paced even when nobody reads them.
        #expect(Date().timeIntervalSince(started) >= 0.45)
    }

    @Test("a render whose daemon goes away stops with exit 3, saying so")
    func daemonGoes() throws {
        let (path, _) = try solid()
        let own = try PipeWireSession()
        let render = try RunningProcess(Repository.executable, ["render", path, "--output", "pipewire:doomed", "--frames", "900"],
                                        environment: own.environment, directory: folder.path, logs: try folder.makeFolder("doomed"))
        #expect(eventually(timeout: 20) { own.nodeNames().contains("doomed") }, "\(render.error)")
        own.killDaemon()
        #expect(render.waitForExit(timeout: 20), "\(render.error)")
        #expect(render.status == 3)
        #expect(render.error.contains("PipeWire stopped, which ends the output pipewire:doomed [SB6101]"), "\(render.error)")
    }

    @Test("--output pipewire with no daemon is an error saying so")
    func noDaemon() throws {
        let (path, _) = try solid()
        var environment = session.environment
        environment["XDG_RUNTIME_DIR"] = try TemporaryFolder().path
        let result = try runShaderbench(["render", path, "--output", "pipewire:nobody"], environment: environment)
        #expect(result.status != 0)
        #expect(result.error.contains("the PipeWire output pipewire:nobody cannot start: PipeWire is not running"), "\(result.error)")
    }

    @Test("the window publishes the image it shows, still or not, and runs on with one message when the daemon goes")
    func window() throws {
        let (path, colour) = try solid()
        let own = try PipeWireSession()
        let window = try WindowProcess([path, "--output", "pipewire:window-out"], environment: own.environment, directory: folder.path)
        #expect(eventually(timeout: 30) { own.nodeNames().contains("window-out") }, "\(window.app.error)")
        #expect(window.app.error.contains("PipeWire output: publishing the image as the camera node pipewire:window-out"), "\(window.app.error)")
        for format in ["RGBx", "YUY2"] {
            let frame = try #require(try own.readFrames(from: "window-out", format: format, folder: folder), "\(format): \(window.app.error)")
            let expected = format == "RGBx" ? [colour.r, colour.g, colour.b] : { let c = Self.ycbcr(colour); return [c.y, c.cb, c.cr] }()
            let got = Self.centre(of: frame, format: format)
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(format): \(got) against \(expected)")
        }
        let consumer = try RunningProcess("/usr/bin/gst-launch-1.0",
                                          ["-q", "pipewiresrc", "target-object=window-out", "stream-properties=p,media.type=Video", "!", "fakesink"],
                                          environment: own.environment, directory: folder.path, logs: try folder.makeFolder("consumer"))
        defer { consumer.killNow() }
        Thread.sleep(forTimeInterval: 1)
        own.killDaemon()
        #expect(eventually(timeout: 10) { window.app.error.contains("the camera output stopped: PipeWire stopped") }, "\(window.app.error)")
        Thread.sleep(forTimeInterval: 1)
        #expect(window.app.isRunning)
        #expect(window.app.error.components(separatedBy: "PipeWire stopped").count == 2, "said once: \(window.app.error)")
    }
}
