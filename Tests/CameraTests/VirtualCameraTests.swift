import Foundation
import Images
import Testing
import TestSupport

/// `render --output v4l2:DEVICE`: frames written to the emulated V4L2 video output, read back from what it kept.
@Suite("The output as a virtual camera", .serialized)
struct VirtualCameraTests {
    static let devices = EmulatedCamera.standardDevice + """

        [/dev/video9]
        card = Virtual Camera
        driver = v4l2 loopback
        formats = YUYV
        output = yes
        """

    /// Four quadrants of known colour (ShaderToy's y points up).
    static let quadrants = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec3 colour = uv.y < 0.5 ? (uv.x < 0.5 ? vec3(0.9, 0.1, 0.1) : vec3(0.1, 0.8, 0.2))
                                     : (uv.x < 0.5 ? vec3(0.15, 0.2, 0.9) : vec3(0.95, 0.9, 0.3));
            fragColor = vec4(colour, 1.0);
        }
        """

    /// BT.601 limited-range YCbCr to 8-bit RGB.
    static func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (Int, Int, Int) {
        let luma = (Double(y) - 16) * 255 / 219, blue = (Double(cb) - 128) * 255 / 224, red = (Double(cr) - 128) * 255 / 224
        func clamp(_ value: Double) -> Int { Int(max(0, min(255, value.rounded()))) }
        return (clamp(luma + 1.402 * red), clamp(luma - 0.344136 * blue - 0.714136 * red), clamp(luma + 1.772 * blue))
    }

    @Test("the emulated output receives YUYV frames at the render's size whose colours match render's PNG")
    func framesMatchRender() throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let result = try runShaderbench(["render", shader, "--size", "160x120", "--frames", "4", "--fps", "30",
                                         "--output", "v4l2:/dev/video9"], environment: camera.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("wrote 4 frames to /dev/video9"), "\(result.error)")
        let format = try String(contentsOfFile: camera.folder.file("output-video9.format"), encoding: .utf8)
        #expect(format == "YUYV 160x120\n")
        let written = try camera.folder.read("output-video9.yuv")
        let frameBytes = 160 * 120 * 2
        #expect(written.count == 4 * frameBytes)
        #expect(camera.counters["written"] == 4)
        let png = try runShaderbench(["render", shader, "--size", "160x120", "--out", camera.folder.file("one.png")])
        #expect(png.status == 0, "\(png.error)")
        let image = try ImageFile.read(path: camera.folder.file("one.png"))
        guard written.count == 4 * frameBytes else { return }
        let last = Array(written[(3 * frameBytes)...])
        for (x, y) in [(40, 30), (120, 30), (40, 90), (120, 90)] {
            let pair = (y * 160 + x / 2 * 2) * 2
            let got = Self.rgb(y: last[pair + (x % 2) * 2], cb: last[pair + 1], cr: last[pair + 3])
            let want = image[x, y]
            let difference = max(abs(got.0 - Int(want.r)), abs(got.1 - Int(want.g)), abs(got.2 - Int(want.b)))
            #expect(difference <= 6, "at \(x),\(y): \(got) against \(want)")
        }
    }

    @Test("frames are written at the render's rate: six at 10 fps take half a second or more")
    func paced() throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let started = Date()
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--frames", "6", "--fps", "10", "--output", "v4l2:/dev/video9"],
                                        environment: camera.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(Date().timeIntervalSince(started) >= 0.5)
        #expect(camera.counters["written"] == 6)
    }

    @Test("v4l2 alone finds the first video output, past the cameras")
    func findsTheOutput() throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--frames", "2", "--output", "v4l2"],
                                        environment: camera.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(try camera.folder.read("output-video9.yuv").count == 2 * 64 * 64 * 2)
    }

    @Test("a capture device given as the output is a clear error")
    func captureDeviceRefused() throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--output", "v4l2:/dev/video0"], environment: camera.environment)
        #expect(result.status == 3)
        #expect(result.error.contains("/dev/video0 is a capture device (Emulated Camera), not a video output"), "\(result.error)")
    }

    @Test("a file that is no video device, given as the output, is said to be one, with none of libv4l2's own lines")
    func notAVideoDevice() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("quadrants.glsl", Self.quadrants)
        // The real libv4l2, no emulator: it is what printed its own lines.
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--output", "v4l2:/dev/null"], in: folder.path)
        #expect(result.status == 3)
        #expect(result.error.contains("/dev/null is not a video device; load v4l2loopback"), "\(result.error)")
        #expect(!result.error.contains("libv4l2") && !result.error.contains("Inappropriate ioctl"), "\(result.error)")
    }

    @Test("a busy output is a clear error")
    func busyOutput() throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        try camera.set("busy", true)
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--output", "v4l2:/dev/video9"], environment: camera.environment)
        #expect(result.status == 3)
        #expect(result.error.contains("/dev/video9 is busy: another program is writing to it"), "\(result.error)")
    }

    @Test("with no video output, the message says how to make one")
    func noOutput() throws {
        let camera = try EmulatedCamera()
        let shader = try camera.folder.write("quadrants.glsl", Self.quadrants)
        let result = try runShaderbench(["render", shader, "--size", "64x64", "--output", "v4l2"], environment: camera.environment)
        #expect(result.status == 3)
        #expect(result.error.contains("no V4L2 video output device; load v4l2loopback for one: sudo modprobe v4l2loopback exclusive_caps=1"),
                "\(result.error)")
    }
}
