import Foundation
import Images
import Testing
import TestSupport

/// The real executable against an emulated V4L2 camera, through `render`, `check` and `devices`.
@Suite("Cameras in renders", .serialized)
struct CameraRenderTests {
    func composition(_ camera: EmulatedCamera, _ node: String) throws -> String {
        try camera.folder.write("camera.yaml", """
            nodes:
              camera: \(node)
            output: camera
            """)
    }

    func render(_ camera: EmulatedCamera, _ path: String, frames: Int = 2, extra: [String] = [],
                environment: [String: String]? = nil) throws -> (ProcessResult, [RGBAImage]) {
        let result = try runShaderbench(["render", path, "--out", camera.folder.file("out/%03d.png"), "--frames", "\(frames)"] + extra,
                                        environment: environment ?? camera.environment)
        let images = try (0..<frames).compactMap { frame -> RGBAImage? in
            let file = camera.folder.file(String(format: "out/%03d.png", frame))
            return FileManager.default.fileExists(atPath: file) ? try ImageFile.read(path: file) : nil
        }
        return (result, images)
    }

    /// The largest channel difference between the bars' centres and the colours the emulator painted.
    func barError(_ image: RGBAImage) -> Int {
        EmulatedCamera.bars.enumerated().map { index, bar in
            let pixel = image[(2 * index + 1) * image.width / 8, image.height / 2]
            return max(abs(Int(pixel.r) - bar.r), abs(Int(pixel.g) - bar.g), abs(Int(pixel.b) - bar.b))
        }.max() ?? .max
    }

    @Test("every format comes out in the camera's colours, with the emulator in libv4l2's place or below it", arguments: [
        ("YUYV", 2), ("NV12", 2), ("YU12", 2), ("RGB3", 0), ("MJPG", 3),
    ], [EmulatedCamera.Layer.libv4l2, .kernel])
    func formats(expected: (format: String, tolerance: Int), layer: EmulatedCamera.Layer) throws {
        let (format, tolerance) = expected
        let camera = try EmulatedCamera(layer: layer)
        let path = try composition(camera, "{ kind: camera, device: auto, size: [640, 480], format: \(format) }")
        let (result, images) = try render(camera, path)
        #expect(result.status == 0, "\(result.error)")
        #expect(images.count == 2)
        for image in images {
            #expect(image.width == 640 && image.height == 480)
            #expect(barError(image) <= tolerance, "\(format)")
        }
    }

    @Test("where frames are converted on the GPU, a camera read by one colour filter is converted in that filter's program, in the camera's colours",
          arguments: ["YUYV", "NV12"])
    func convertedInReader(format: String) throws {
        let camera = try EmulatedCamera(layer: .kernel)
        let path = try camera.folder.write("read.yaml", """
            nodes:
              camera: { kind: camera, device: auto, size: [640, 480], format: \(format) }
              level: { kind: shader, filter: brightness, inputs: { inputImageTexture: camera }, uniforms: { brightness: 0.0 } }
            output: level
            """)
        var environment = camera.environment
        environment["SHADERBENCH_FRAME_CONVERSION"] = "gpu"
        let plan = try runShaderbench(["check", "--plan", path], environment: environment)
        #expect(plan.output.contains("the conversion of camera + level"), "\(plan.output)")
        let (result, images) = try render(camera, path, environment: environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(images.count == 2 && images.allSatisfy { barError($0) <= 2 }, "\(format)")
    }

    @Test("a ShaderToy channel fed by a camera reports the camera's size in iChannelResolution, and samples it at that size")
    func shaderToyChannelResolution() throws {
        let camera = try EmulatedCamera()
        _ = try camera.folder.write("toy.frag", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 size = iChannelResolution[0].xy;
                fragColor = vec4(size / 8.0 / 255.0, size == vec2(textureSize(iChannel0, 0)) ? 1.0 : 0.0, 1.0);
            }
            """)
        let path = try camera.folder.write("toy.yaml", """
            size: [4, 2]
            nodes:
              camera: { kind: camera, device: auto, size: [1280, 720] }
              toy: { kind: shader, file: toy.frag, inputs: { iChannel0: camera } }
            output: toy
            """)
        let (result, images) = try render(camera, path, frames: 1)
        #expect(result.status == 0, "\(result.error)")
        let pixel = try #require(images.first)[0, 0]
        #expect([pixel.r, pixel.g, pixel.b] == [160, 90, 255], "1280×720 in eighths")
    }

    /// A 640×480 camera of one format, painting white, black, red and grey bars, below the real libv4l2.
    func cameraBelowLibv4l2(format: String) throws -> EmulatedCamera {
        try EmulatedCamera(devices: """
            [/dev/video0]
            card = Emulated Camera
            formats = \(format)
            sizes = 640x480
            bars = ffffff 000000 c83232 808080
            """, layer: .kernel)
    }

    /// The largest channel difference between the white, black, red and grey bars' centres and 255, 0,
    /// (200, 50, 50) and 128.
    func whiteBlackRedGreyError(_ image: RGBAImage) -> Int {
        let expected = [(255, 255, 255), (0, 0, 0), (200, 50, 50), (128, 128, 128)]
        return expected.enumerated().map { index, colour in
            let pixel = image[(2 * index + 1) * image.width / 8, image.height / 2]
            return max(abs(Int(pixel.r) - colour.0), abs(Int(pixel.g) - colour.1), abs(Int(pixel.b) - colour.2))
        }.max() ?? .max
    }

    @Test("through the real libv4l2, a camera's own NV12 or RGB24 is used as it comes, and white stays white",
          arguments: [("NV12", "NV12 640×480, BT.601 limited range"), ("RGB3", "RGB3 640×480")])
    func ownFormatThroughLibv4l2(format: String, delivered: String) throws {
        let camera = try cameraBelowLibv4l2(format: format)
        let devices = try runShaderbench(["devices"], environment: camera.environment)
        #expect(devices.output.contains("\n    \(format)  ") && !devices.output.contains("\(format)  (converted"), "\(devices.output)")
        #expect(devices.output.contains("YU12  (converted on the CPU by libv4l2)"), "\(devices.output)")
        let path = try composition(camera, "{ kind: camera }")
        let (result, images) = try render(camera, path, frames: 2)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("camera /dev/video0 (Emulated Camera): \(delivered)\n"), "\(result.error)")
        #expect(images.count == 2 && images.allSatisfy { whiteBlackRedGreyError($0) <= 2 }, "\(images.map(whiteBlackRedGreyError))")
        let counters = camera.counters
        #expect(counters["open"] == 0 && counters["mapped"] == 0 && counters["buffers"] == 0, "\(counters)")
    }

    @Test("a format only libv4l2 makes, insisted on, is decoded with the range libv4l2 really gives it",
          arguments: [("RGB3", "YU12", 2), ("NV12", "RGB3", 4)])
    func emulatedFormatRange(camera format: String, insisted: String, tolerance: Int) throws {
        let camera = try cameraBelowLibv4l2(format: format)
        let path = try composition(camera, "{ kind: camera, format: \(insisted) }")
        let (result, images) = try render(camera, path, frames: 1)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("converted on the CPU by libv4l2 from \(format)"), "\(result.error)")
        let image = try #require(images.first)
        #expect(whiteBlackRedGreyError(image) <= tolerance, "\(whiteBlackRedGreyError(image)): white is \(image[40, 240])")
    }

    @Test("full-range BT.709 and limited-range BT.601 are both converted by what the driver reports", arguments: [
        ("rec709", "full"), ("rec709", "limited"), ("smpte170m", "full"),
    ])
    func encodings(colorspace: String, quantization: String) throws {
        let camera = try EmulatedCamera(devices: EmulatedCamera.standardDevice
            .replacingOccurrences(of: "colorspace = smpte170m", with: "colorspace = \(colorspace)")
            .replacingOccurrences(of: "quantization = limited", with: "quantization = \(quantization)"))
        for format in ["YUYV", "NV12"] {
            let path = try composition(camera, "{ kind: camera, size: [1280, 720], format: \(format) }")
            let (result, images) = try render(camera, path, frames: 1)
            #expect(result.status == 0, "\(result.error)")
            #expect(images.first.map(barError) ?? .max <= 2, "\(format) \(colorspace) \(quantization)")
        }
    }

    @Test("the camera's size becomes the render size, and the device is released afterwards")
    func sizeAndRelease() throws {
        let camera = try EmulatedCamera()
        let path = try composition(camera, "{ kind: camera, size: [1280, 720] }")
        let (result, images) = try render(camera, path, frames: 3)
        #expect(result.status == 0)
        #expect(images.map(\.width) == [1280, 1280, 1280])
        let counters = camera.counters
        #expect(counters["open"] == 0 && counters["mapped"] == 0 && counters["buffers"] == 0 && counters["streaming"] == 0, "\(counters)")
    }

    @Test("--input camera feeds a lone shader with the camera")
    func inputCamera() throws {
        let camera = try EmulatedCamera()
        let (result, images) = try render(camera, Repository.path("shaders/color-invert.fsh"), frames: 1,
                                          extra: ["--input", "camera:/dev/video0", "--size", "640x480"])
        #expect(result.status == 0, "\(result.error)")
        let pixel = try #require(images.first)[80, 240]
        #expect(abs(Int(pixel.r) - 55) <= 3 && abs(Int(pixel.g) - 205) <= 3, "the red bar, inverted")
    }

    @Test("the render size (--size, else the composition's) is the size asked of the camera, so a camera that has it is shown whole",
          arguments: [(["--size", "640x480"], nil), ([], "[640, 480]"), (["--size", "640x480"], "[1280, 720]")] as [([String], String?)])
    func requestFollowsRenderSize(sizeOption: [String], compositionSize: String?) throws {
        let camera = try EmulatedCamera()
        let path = try camera.folder.write("camera.yaml", (compositionSize.map { "size: \($0)\n" } ?? "") + """
            nodes:
              camera: { kind: camera }
              inverted: { kind: shader, filter: color-invert, inputs: { inputImageTexture: camera } }
            output: inverted
            """)
        let (result, images) = try render(camera, path, frames: 1, extra: sizeOption)
        #expect(result.status == 0, "\(result.error)")
        let image = try #require(images.first)
        #expect(image.width == 640 && image.height == 480)
        // The first bar ends at x = 160 when the camera delivers 640×480; a 1280×720 frame cropped to 4:3
        // would put the second bar there. Inverted: red (200, 50, 50) shows as (55, 205, 205).
        let pixel = image[140, 240]
        #expect(abs(Int(pixel.r) - 55) <= 3 && abs(Int(pixel.g) - 205) <= 3 && abs(Int(pixel.b) - 205) <= 3, "\(pixel)")
    }

    @Test("a composition sized by nothing takes the size its camera delivers")
    func renderSizeFromCamera() throws {
        let camera = try EmulatedCamera()
        let path = try camera.folder.write("camera.yaml", """
            nodes:
              camera: { kind: camera }
              inverted: { kind: shader, filter: color-invert, inputs: { inputImageTexture: camera } }
            output: inverted
            """)
        let (result, images) = try render(camera, path, frames: 1)
        #expect(result.status == 0, "\(result.error)")
        #expect(images.first.map { [$0.width, $0.height] } == [1280, 720])
    }

    @Test("an explicit device that is not there is a located composition error")
    func missingDevice() throws {
        let camera = try EmulatedCamera()
        let path = try composition(camera, "{ kind: camera, device: /dev/video7 }")
        let (result, _) = try render(camera, path, frames: 1)
        #expect(result.status == 1)
        #expect(result.error.contains("camera.yaml:2:35: error: no camera matches '/dev/video7'; found: /dev/video0 (Emulated Camera) [SB5001]\n"), "\(result.error)")
        let check = try runShaderbench(["check", path], environment: camera.environment)
        #expect(check.status == 1 && check.error.contains("no camera matches '/dev/video7'"))
    }

    @Test("a camera another program holds, at open or once opened, stops render and check with its name", arguments: ["busy-open", "busy"])
    func busyCamera(fault: String) throws {
        let camera = try EmulatedCamera()
        try camera.set(fault, true)
        for device in ["auto", "/dev/video0"] {
            let path = try composition(camera, "{ kind: camera, device: \(device) }")
            let (result, images) = try render(camera, path, frames: 1)
            #expect(result.status == 1 && images.isEmpty, "\(device): \(result.error)")
            #expect(result.error.contains("camera.yaml:2:"), "\(result.error)")
            #expect(result.error.contains("error: camera /dev/video0 (Emulated Camera) is busy (another program is using it) [SB5002]\n"),
                    "\(device): \(result.error)")
            let check = try runShaderbench(["check", path], environment: camera.environment)
            #expect(check.status == 1 && check.error.contains("camera /dev/video0 (Emulated Camera) is busy"), "\(check.error)")
        }
        // No status at all when no open ever succeeded.
        let counters = camera.counters
        #expect((counters["open"] ?? 0) == 0 && (counters["streaming"] ?? 0) == 0, "\(counters)")
    }

    @Test("devices lists a camera another program holds as busy, by its sysfs name")
    func busyListing() throws {
        let camera = try EmulatedCamera()
        try camera.set("busy-open", true)
        let result = try runShaderbench(["devices"], environment: camera.environment)
        #expect(result.status == 0)
        #expect(result.output.contains("0: /dev/video0  Emulated Camera  (busy: another program is using it"), "\(result.output)")
    }

    @Test("a camera that refuses what it lists is used in the format it is in, converted on the GPU", arguments: [
        ("formats = YUYV UYVY\nsizes = 640x480 1280x720\nonly = UYVY 320x240", nil, [320, 240]),
        ("formats = YUYV NV12\nsizes = 640x480 1280x720", "refuse-format", [640, 480]),
    ] as [(String, String?, [Int])])
    func strictCamera(device: String, fault: String?, size: [Int]) throws {
        let camera = try EmulatedCamera(devices: "[/dev/video0]\ncard = Emulated Camera\n" + device)
        if let fault { try camera.set(fault, true) }
        let path = try composition(camera, "{ kind: camera }")
        let (result, images) = try render(camera, path, frames: 2)
        #expect(result.status == 0, "\(result.error)")
        #expect(images.map { [$0.width, $0.height] } == [size, size])
        #expect(images.map(barError).allSatisfy { $0 <= 2 }, "\(images.map(barError))")
    }

    @Test("a camera that never delivers a frame stops the render with its name and why, and nothing is written",
          arguments: [("stall", "{ kind: camera, size: [640, 480] }", "no frames arriving"),
                      (nil, "{ kind: camera, format: UYVY }", "it does not offer UYVY (it offers YUYV, NV12, YU12, RGB3, MJPG)"),
                      ("refuse-format", "{ kind: camera, format: NV12 }", "VIDIOC_S_FMT")] as [(String?, String, String)])
    func neverDelivers(fault: String?, node: String, cause: String) throws {
        let camera = try EmulatedCamera()
        if let fault { try camera.set(fault, true) }
        let path = try composition(camera, node)
        let (result, images) = try render(camera, path, frames: 2)
        #expect(result.status == 3, "\(result.error)")
        #expect(images.isEmpty, "no frame is written from nothing")
        #expect(result.error.contains("frame 0: camera /dev/video0 (Emulated Camera) delivered no frame in 5 s: "), "\(result.error)")
        #expect(result.error.contains(cause), "\(result.error)")
        let counters = camera.counters
        #expect(counters["open"] == 0 && counters["mapped"] == 0, "\(counters)")
    }

    @Test("with no camera, an auto camera renders the test pattern and says so")
    func autoFallsBackToPattern() throws {
        let camera = try EmulatedCamera(devices: "")
        let path = try composition(camera, "{ kind: camera, device: auto }")
        let (result, images) = try render(camera, path, frames: 1, extra: ["--size", "320x180"])
        #expect(result.status == 0)
        #expect(result.error.contains("warning: frame 0: no camera found; showing the test pattern [SB5001]\n"), "\(result.error)")
        let pattern = try runShaderbench(["render", Repository.path("compositions/default.yaml"), "--input", "pattern", "--out",
                                          camera.folder.file("pattern-%d.png"), "--frames", "1", "--size", "320x180"])
        #expect(pattern.status == 0)
        let patternImage = try ImageFile.read(path: camera.folder.file("pattern-0.png"))
        let image = try #require(images.first)
        #expect(image[20, 20] == patternImage[20, 20] || image[20, 20].r > 150, "the pattern's first bar")
    }

    @Test("a camera unplugged during a render holds its last frame with a warning, and the render completes")
    func unplugDuringRender() throws {
        let camera = try EmulatedCamera()
        let path = try composition(camera, "{ kind: camera, size: [640, 480], format: YUYV }")
        let flag = camera.folder.file("unplugged")
        // Unplugged once the render streams and has had time for some frames, however slowly it starts (the
        // frames come at the camera's pace, so the time for some is the same under a sanitizer).
        let status = camera.folder.file("status")
        let unplug = Thread {
            _ = eventually(timeout: 20) {
                let text = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
                return text.contains("streaming=") && !text.contains("streaming=0")
            }
            Thread.sleep(forTimeInterval: 0.6)
            _ = FileManager.default.createFile(atPath: flag, contents: nil)
        }
        unplug.start()
        let (result, images) = try render(camera, path, frames: 60)
        #expect(result.status == 0, "\(result.error)")
        #expect(images.count == 60)
        #expect(result.error.contains("showing the last frame"), "\(result.error)")
        #expect(images.last.map(barError) ?? .max <= 2, "the last frame is held, not black")
        let counters = camera.counters
        #expect(counters["mapped"] == 0 && counters["open"] == 0, "nothing leaks after the unplug: \(counters)")
    }

    @Test("devices lists every capture device with its formats, sizes and rates, and skips other nodes")
    func listing() throws {
        let camera = try EmulatedCamera(devices: EmulatedCamera.standardDevice + """

            [/dev/video1]
            card = Metadata Node
            capture = no

            [/dev/video2]
            card = Second Camera
            driver = v4l2-emulator
            bus = usb-0000:00:14.0-2
            formats = MJPG
            sizes = 1920x1080
            fps = 60
            """)
        let result = try runShaderbench(["devices"], environment: camera.environment)
        #expect(result.status == 0)
        #expect(result.output.contains("0: /dev/video0  Emulated Camera  (driver v4l2-emulator, platform:v4l2-emulator-0)"))
        #expect(result.output.contains("    NV12  "))
        #expect(result.output.contains("        1280×720  30 fps"))
        #expect(result.output.contains("1: /dev/video2  Second Camera"))
        #expect(result.output.contains("        1920×1080  60 fps"))
        #expect(!result.output.contains("Metadata"))
        let none = try runShaderbench(["devices"], environment: try EmulatedCamera(devices: "").environment)
        #expect(none.output.contains("No V4L2 capture devices found"))
    }

    @Test("a camera named by part of its card name or by index is found")
    func selectors() throws {
        let camera = try EmulatedCamera()
        for device in ["emulated", "0", "/dev/video0"] {
            let path = try composition(camera, "{ kind: camera, device: \"\(device)\", size: [640, 480] }")
            let (result, images) = try render(camera, path, frames: 1)
            #expect(result.status == 0, "\(device): \(result.error)")
            #expect(images.first.map(barError) ?? .max <= 2)
        }
    }
}
