import Capture
import VideoFrames
import CGLES
import Foundation
import GPU
import Images
import Media
import ShaderGraph
import ShaderLanguage

/// Capture → upload → conversion per frame, the workbench's two ways on the same captured frames in the same
/// run, alternating: on the GPU (the native frame uploaded as it comes and converted in a shader) and on the
/// CPU (libswscale on the capture thread, `CameraFrameConverter`, then an RGBA upload on the render thread). Frames come from the emulated V4L2 camera: the benchmark
/// starts itself again with the emulator preloaded when it is not.
enum CameraBenchmark {
    static func run(frames: Int) throws {
        guard ProcessInfo.processInfo.environment["V4L2_EMULATOR_DIR"] != nil else {
            try relaunchWithEmulator(frames: frames)
            return
        }
        let context = try HeadlessContext()
        print("\n## Camera frame: upload and convert on the GPU vs convert on the CPU (\(frames) frames, medians)\n")
        print("| format | size | GPU path ms/frame | CPU path: libswscale + upload ms/frame | of which the upload | CPU ÷ GPU | max difference |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for (width, height) in [(640, 480), (1280, 720)] {
            for format in [CameraPixelFormat.yuyv, .nv12] {
                let session = CameraSession(selector: .path("/dev/video0"),
                                            request: CaptureRequest(width: width, height: height, frameRate: 120, format: format))
                defer { session.stop() }
                guard session.waitUntilNegotiated(timeout: 5)?.format == format else {
                    throw GPUError("the emulated camera did not stream \(format.rawValue) \(width)×\(height): \(session.status)")
                }
                let converter = try FrameConverter()
                let size = PixelSize(width: width, height: height)
                let gpuTarget = try RenderTarget(TextureDescriptor(size: size))
                let cpuTarget = try RenderTarget(TextureDescriptor(size: size))
                let cpuConverter = CameraFrameConverter()
                var rgba: [UInt8] = []
                var gpu: [Double] = [], cpu: [Double] = [], upload: [Double] = []
                var difference = 0
                let clock = ContinuousClock()
                for index in 0..<(frames + 5) {
                    guard let frame = session.waitForFrame(timeout: 2) else { throw GPUError("the emulated camera stopped") }
                    let gpuTime = try clock.measure {
                        try converter.convert(frame, into: gpuTarget)
                        glFinish()
                    }
                    let conversionTime = clock.measure {
                        _ = frame.bytes.withUnsafeBytes { cpuConverter.convert($0, layout: frame.layout, into: &rgba) }
                    }
                    let uploadTime = clock.measure {
                        cpuTarget.upload(RGBAImage(width: width, height: height, pixels: rgba))
                        glFinish()
                    }
                    if index == 0 {
                        let a = gpuTarget.readPixels().pixels, b = cpuTarget.readPixels().pixels
                        difference = zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
                    }
                    session.recycle(frame)
                    // The first frames warm caches and compile the conversion program.
                    if index >= 5 {
                        gpu.append(FrameTimer.milliseconds(gpuTime))
                        cpu.append(FrameTimer.milliseconds(conversionTime + uploadTime))
                        upload.append(FrameTimer.milliseconds(uploadTime))
                    }
                }
                let gpuMedian = FrameTimer.median(gpu), cpuMedian = FrameTimer.median(cpu)
                print("| \(format.rawValue) | \(width)×\(height) | \(format2(gpuMedian)) | \(format2(cpuMedian)) | \(format2(FrameTimer.median(upload))) | \(format2(cpuMedian / gpuMedian)) | \(difference) |")
            }
        }
        withExtendedLifetime(context) {}
    }

    private static func format2(_ value: Double) -> String { String(format: "%.2f", value) }

    /// Runs this executable again with the emulator preloaded and one camera offering both formats at both sizes.
    private static func relaunchWithEmulator(frames: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shaderbench-camera-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            [/dev/video0]
            formats = YUYV NV12
            sizes = 640x480 1280x720
            fps = 120
            """.write(toFile: folder + "/devices.conf", atomically: true, encoding: .utf8)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["camera", "--camera-frames", "\(frames)"]
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = executable.deletingLastPathComponent().appendingPathComponent("libV4L2Emulator.so").path
        environment["V4L2_EMULATOR_DIR"] = folder
        process.environment = environment
        try process.run()
        process.waitUntilExit()
    }
}
