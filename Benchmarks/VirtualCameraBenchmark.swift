import Foundation
import TestSupport

/// The window's output as a virtual camera: a moving 1280×720 composition shown in the window for a while with
/// and without `--output v4l2:/dev/video9`, the emulated output device (`keep = no`: it counts the frames written
/// and keeps none, so the disk is not what is measured). Prints the frames written a second against the device's rate, the window's own frame
/// rate in both, and the CPU a frame shown costs in both: the difference is the conversion to YUYV on the GPU, its
/// readback and the write.
enum VirtualCameraBenchmark {
    static let moving = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            fragColor = vec4(0.5 + 0.5 * sin(iTime + uv.xyx * 6.0 + vec3(0.0, 2.0, 4.0)), 1.0);
        }
        """

    static let device = """
        [/dev/video9]
        card = Virtual Camera
        driver = v4l2 loopback
        formats = YUYV
        output = yes
        keep = no
        """

    struct Reading {
        var written: Double
        var presented: Double
        var cpu: Double
    }

    static func run(seconds: Double) throws {
        let without = try measure(seconds: seconds, writing: false)
        let with = try measure(seconds: seconds, writing: true)
        print("")
        print("virtual camera: a moving 1280×720 ShaderToy pass in the window under Xvfb, \(Int(seconds)) s each, to the emulated /dev/video9 (YUYV)")
        print("window                      written/s   presented/s   CPU s/s")
        print(String(format: "without --output            %9.1f   %11.1f   %7.2f", without.written, without.presented, without.cpu))
        print(String(format: "with --output v4l2          %9.1f   %11.1f   %7.2f", with.written, with.presented, with.cpu))
        // The window draws as fast as the machine lets it, so CPU is compared per frame shown, not per second.
        let cpuWithout = without.cpu / max(without.presented, 1) * 1000, cpuWith = with.cpu / max(with.presented, 1) * 1000
        print(String(format: "written ÷ the device's 30 a second: %.3f; CPU a frame shown: %.1f ms without, %.1f ms with (+%.1f ms)",
                     with.written / 30, cpuWithout, cpuWith, cpuWith - cpuWithout))
    }

    static func measure(seconds: Double, writing: Bool) throws -> Reading {
        let camera = try EmulatedCamera(devices: device)
        let window = try WindowedApp(files: ["moving.glsl": moving, "moving.yaml": """
            composition: 1
            size: [1280, 720]
            nodes:
              moving: { kind: shader, file: moving.glsl }
            """], composition: "moving.yaml", showing: "moving", arguments: writing ? ["--output", "v4l2:/dev/video9"] : [],
            environment: camera.environment.filter { ["LD_PRELOAD", "V4L2_EMULATOR_DIR", "V4L2_EMULATOR_LAYER"].contains($0.key) })
        Thread.sleep(forTimeInterval: 2)
        let start = (time: monotonicSeconds(), cpu: window.cpuSeconds, written: camera.counters["written"] ?? 0)
        Thread.sleep(forTimeInterval: seconds)
        let end = (time: monotonicSeconds(), cpu: window.cpuSeconds, written: camera.counters["written"] ?? 0)
        let presented = WindowTrace(path: window.tracePath).frames.filter { $0 >= start.time && $0 <= end.time }.count
        window.stop()
        let elapsed = end.time - start.time
        return Reading(written: Double(end.written - start.written) / elapsed, presented: Double(presented) / elapsed,
                       cpu: (end.cpu - start.cpu) / elapsed)
    }
}
