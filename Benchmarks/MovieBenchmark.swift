import Foundation
import GPU
import Images
import Media
import ShaderGraph
import ShaderLanguage
import TestSupport

/// `movie → sepia → movie` through the workbench against FFmpeg doing the same in one process: a
/// `colorchannelmixer` with the sepia shader's matrix, and a plain transcode. The same source clip, the same
/// H.264 preset and CRF; the three commands alternate within every round so all see the same machine, and
/// each figure is the median of the rounds, with the render again converting to YUV by libswscale, and the movie's
/// frames to RGBA the other way than this renderer's choice, with the GPU's conversion drawn as a pass of its own
/// rather than in the sepia's program, and with both conversions on the GPU, in the sepia's program and not. Then the readback each rendered frame costs, RGBA, the
/// GPU's YUV 4:2:0 conversion, and RGBA converted by libswscale, in this process.
enum MovieBenchmark {
    /// The sepia shader's matrix (`shaders/sepia.fsh` at intensity 1), rows of output red, green, blue.
    static let sepiaMatrix = "rr=0.3588:rg=0.7044:rb=0.1368:gr=0.2990:gg=0.5870:gb=0.1140:br=0.2392:bg=0.4696:bb=0.0912"

    static func run(frames: Int, rounds: Int) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let softwareGPU = GLInfo.isSoftwareRasterizer
        let folder = try TemporaryFolder()
        let clip = folder.file("source.mp4")
        var source = TestClip(width: 1280, height: 720, fps: 30, frames: frames)
        source.audio = false
        try source.write(to: clip)
        let shaderbench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/shaderbench"
        let encoder = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p"]
        let render = ["render", Repository.path("compositions/sepia.yaml"), "--input", clip, "--frames", "\(frames)",
                      "--out", folder.file("workbench.mp4")]
        let commands: [(String, String, [String], [String: String]?)] = [
            ("shaderbench render (sepia)", shaderbench, render, nil),
            ("ffmpeg colorchannelmixer (sepia)", "/usr/bin/ffmpeg",
             ["-v", "error", "-y", "-i", clip, "-vf", "colorchannelmixer=\(sepiaMatrix)"] + encoder + [folder.file("filtered.mp4")], nil),
            ("ffmpeg plain transcode", "/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", clip] + encoder + [folder.file("plain.mp4")], nil),
            // Each conversion the other way than this renderer's choice, to show the choice is the faster: the
            // planes by libswscale rather than in the sepia's program, and the movie's frames.
            ("shaderbench render (sepia), YUV by libswscale", shaderbench, render, environment(["SHADERBENCH_YUV_CONVERSION": "cpu"])),
            ("shaderbench render (sepia), movie frames to RGBA the other way", shaderbench, render,
             environment(["SHADERBENCH_FRAME_CONVERSION": softwareGPU ? "gpu" : "cpu"])),
            // Where the GPU converts, the conversion is drawn in the sepia's program; this draws it on its own.
            ("shaderbench render (sepia), movie frames converted by the GPU in a pass of their own", shaderbench, render + ["--no-fuse"],
             environment(["SHADERBENCH_FRAME_CONVERSION": "gpu"])),
            // Both conversions on the GPU: the frame's into RGBA and the planes drawn in the sepia's program, one
            // pass in all, against each in a pass of its own, three.
            ("shaderbench render (sepia), both conversions by the GPU in the sepia's program", shaderbench, render,
             environment(["SHADERBENCH_FRAME_CONVERSION": "gpu", "SHADERBENCH_YUV_CONVERSION": "gpu"])),
            ("shaderbench render (sepia), both conversions by the GPU in passes of their own", shaderbench, render + ["--no-fuse"],
             environment(["SHADERBENCH_FRAME_CONVERSION": "gpu", "SHADERBENCH_YUV_CONVERSION": "gpu"])),
        ]
        var seconds = [[Double]](repeating: [], count: commands.count)
        for round in 0..<(rounds + 1) {
            for (index, command) in commands.enumerated() {
                let started = ContinuousClock.now
                let result = try runProcess(command.1, command.2, in: folder.path, environment: command.3)
                guard result.status == 0 else { throw GPUError("\(command.0) failed: \(result.error)") }
                // The first round warms caches (Mesa's shader cache, the page cache); it is not counted.
                if round > 0 { seconds[index].append(FrameTimer.milliseconds(ContinuousClock.now - started) / 1000) }
            }
        }
        print("\n## Movie in, sepia, movie out: 1280×720, \(frames) frames, H.264 veryfast CRF 18 (medians of \(rounds) rounds)\n")
        print("| command | seconds | frames/s | workbench ÷ this (throughput) |")
        print("|---|---:|---:|---:|")
        let medians = seconds.map(FrameTimer.median)
        for (index, command) in commands.enumerated() {
            let ratio = medians[index] / medians[0]
            print("| \(command.0) | \(format(medians[index])) | \(format(Double(frames) / medians[index])) | \(format(ratio)) |")
        }

        let size = PixelSize(width: 1280, height: 720)
        let image = try RenderTarget(image: RGBAImage(width: size.width, height: size.height, fill: (200, 120, 60, 255)))
        let readback = try PlanarReadback(imageSize: size)
        guard let converter = RGBAToI420Converter(width: size.width, height: size.height, matrix: .bt709) else {
            throw TestSupportError("libswscale cannot convert RGBA to I420")
        }
        var rgba: [Double] = [], planar: [Double] = [], software: [Double] = []
        var pixels: [UInt8] = [], planes: [UInt8] = []
        let clock = ContinuousClock()
        for index in 0..<(frames + 10) {
            let rgbaTime = clock.measure { image.readPixels(into: &pixels) }
            let planarTime = try clock.measure {
                if let frame = try readback.push(image, index: index) { readback.recycle(frame) }
            }
            let softwareTime = clock.measure {
                image.readPixels(into: &pixels)
                // The image and the converter have one size, so the conversion cannot refuse it.
                _ = converter.convert(pixels, into: &planes)
            }
            if index >= 10 {
                rgba.append(FrameTimer.milliseconds(rgbaTime))
                planar.append(FrameTimer.milliseconds(planarTime))
                software.append(FrameTimer.milliseconds(softwareTime))
            }
        }
        print("\n## Readback per frame at 1280×720 (\(frames) frames, medians)\n")
        print("| readback | bytes per frame | ms/frame |")
        print("|---|---:|---:|")
        print("| RGBA, glReadPixels | \(size.width * size.height * 4) | \(format(FrameTimer.median(rgba))) |")
        print("| YUV 4:2:0 converted on the GPU, through pixel-buffer objects | \(readback.layout.byteCount) | \(format(FrameTimer.median(planar))) |")
        print("| RGBA, glReadPixels, then YUV 4:2:0 by libswscale | \(size.width * size.height * 4) | \(format(FrameTimer.median(software))) |")
        print("\nrenderer: \(GLInfo.renderer) (renders convert on the CPU on Mesa's software rasterizers, on the GPU elsewhere)")
    }

    /// This process's environment with `changes`.
    private static func environment(_ changes: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(changes) { $1 }
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
