import CGLES
import Foundation
import GPU
import Images
import TestSupport

/// The frame path against its floor: `shaderbench render` of `compositions/sepia.yaml` over a 1280×720 30 fps
/// H.264 clip with sound, to a pipe and to a movie, against FFmpeg decoding alone, FFmpeg's own sepia
/// (`colorchannelmixer`) to nothing and to a movie with the same x264 settings, and a bare GLES program that
/// draws the same sepia pass over as many 720p frames, each uploaded and read back (`BareChain`, the
/// executor's own prepared shader text). Everything alternates within each round, first round not counted;
/// medians. The pipe's floor is decoding plus the bare pass: what is left is the workbench's own. Then one
/// render of each kind again with `SHADERBENCH_FRAME_STAGES`, printed thread by thread and stage by stage.
enum FramePathBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("clip.mp4")
        let seconds = Double(frames) / 30
        let made = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
                                                      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "\(seconds)",
                                                      "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                                                      "-c:a", "aac", clip], in: folder.path)
        guard made.status == 0 else { throw BenchmarkError("ffmpeg could not make the clip: \(made.error)") }
        let shaderbench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/shaderbench"
        let sepia = "colorchannelmixer=\(MovieBenchmark.sepiaMatrix)"
        let encoder = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p"]
        let composition = Repository.path("compositions/sepia.yaml")
        // A pipe's reader that keeps nothing: the shell sends the frames to /dev/null, as a player would take them.
        let commands: [(name: String, executable: String, arguments: [String])] = [
            ("ffmpeg: decode only (-f null)", "/usr/bin/ffmpeg", ["-v", "error", "-i", clip, "-f", "null", "-"]),
            ("ffmpeg: decode + colorchannelmixer sepia (-f null)", "/usr/bin/ffmpeg", ["-v", "error", "-i", clip, "-vf", sepia, "-f", "null", "-"]),
            ("ffmpeg: sepia transcode", "/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", clip, "-vf", sepia] + encoder + ["-c:a", "aac", folder.file("ffmpeg.mp4")]),
            ("shaderbench render --out - > /dev/null", "/bin/sh",
             ["-c", "\"$0\" render \"$1\" --input \"$2\" --out - > /dev/null", shaderbench, composition, clip]),
            ("shaderbench render --out out.mp4", shaderbench, ["render", composition, "--input", clip, "--out", folder.file("workbench.mp4")]),
        ]
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let frame = RGBAImage(width: 1280, height: 720, fill: (180, 120, 60, 255))
        let bare = try BareChain(workload: .sepia, image: frame, shaders: Repository.path("shaders"))
        var output = [UInt8]()
        var times = [[Double]](repeating: [], count: commands.count + 1)
        for round in 0..<(rounds + 1) {
            for (index, command) in commands.enumerated() {
                let started = ContinuousClock.now
                let result = try runProcess(command.executable, command.arguments, in: folder.path)
                guard result.status == 0 else { throw BenchmarkError("\(command.name) failed: \(result.error)") }
                if round > 0 { times[index].append(FrameTimer.milliseconds(ContinuousClock.now - started) / 1000) }
            }
            let started = ContinuousClock.now
            for _ in 0..<frames {
                bare.upload(frame)
                bare.renderFrame()
                bare.readOutput(into: &output)
            }
            if round > 0 { times[commands.count].append(FrameTimer.milliseconds(ContinuousClock.now - started) / 1000) }
        }
        let medians = times.map(FrameTimer.median)
        let names = commands.map(\.name) + ["bare GLES: the sepia pass, each frame uploaded and read back"]
        print("\n## The frame path: 1280×720 30 fps, \(frames) frames with sound, sepia (medians of \(rounds) rounds)\n")
        print("| what | seconds |")
        print("|---|---:|")
        for (name, median) in zip(names, medians) { print("| \(name) | \(String(format: "%.2f", median)) |") }
        let floor = medians[0] + medians[commands.count]
        print(String(format: "\npipe ÷ (ffmpeg decode + bare pass): %.3f (target ≤ 1.10; the floor is %.2f s)", medians[3] / floor, floor))
        print(String(format: "ffmpeg sepia transcode ÷ shaderbench movie render: %.3f (target ≥ 1.0)", medians[2] / medians[4]))

        for (name, index) in [("to a pipe", 3), ("to a movie", 4)] {
            let stages = folder.file("stages-\(index).tsv")
            let environment = ProcessInfo.processInfo.environment.merging(["SHADERBENCH_FRAME_STAGES": stages]) { _, new in new }
            let result = try runProcess(commands[index].executable, commands[index].arguments, in: folder.path, environment: environment)
            guard result.status == 0 else { throw BenchmarkError("\(commands[index].name) failed: \(result.error)") }
            print("\nstages of one render \(name) (thread, stage, seconds, times):")
            print(try String(contentsOfFile: stages, encoding: .utf8), terminator: "")
        }
    }
}
