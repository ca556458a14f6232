/// Usage: Benchmarks [executor] [fusion] [watch] [reload] [osc] [vcam] [idle] [grid] [graph] [camera] [reduction] [buffer] [computesepia] [computereduce] [geometry] [movie] [framepath] [moviewindow] [streamlatency] [pipewire] [planning] [keys] [thinning] [soak] [--frames N] [--rounds R] [--saves S] [--messages M] [--seconds S] [--camera-frames F] [--stream-frames F]
///        [--reloads R --soak-frames F --unplugs U]
/// With no part named, runs them all but the soak, which takes minutes (`scripts/soak` runs it). Build in
/// release first (`swift build -c release`): the reload, osc, vcam, idle, grid, graph and soak parts run the `shaderbench` beside this
/// executable in a window under Xvfb.
@main
struct Benchmarks {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String, default value: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
            return Int(arguments[index + 1]) ?? value
        }
        let parts = Set(arguments.filter { ["executor", "fusion", "watch", "reload", "osc", "vcam", "idle", "grid", "graph", "camera", "reduction", "buffer", "computesepia", "computereduce", "geometry", "movie", "framepath", "moviewindow", "streamlatency", "pipewire", "planning", "keys", "thinning", "soak"].contains($0) })
        let all = parts.isEmpty
        if all || parts.contains("executor") {
            try ExecutorBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("fusion") {
            try FusionBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("planning") {
            try PlanningBenchmark.run(rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("keys") {
            try KeysBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("thinning") {
            ThinningBenchmark.run(rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("watch") {
            try WatchBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("reload") {
            try ReloadBenchmark.run(saves: option("--saves", default: 100))
        }
        if all || parts.contains("osc") {
            try OSCBenchmark.run(messages: option("--messages", default: 200))
        }
        if all || parts.contains("vcam") {
            try VirtualCameraBenchmark.run(seconds: Double(option("--seconds", default: 10)))
        }
        if all || parts.contains("idle") {
            try IdleBenchmark.run()
        }
        if all || parts.contains("grid") {
            try GridBenchmark.run(rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("graph") {
            try GraphViewBenchmark.run(rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("reduction") {
            try ReductionBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("buffer") {
            try BufferValueBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("computesepia") {
            try ComputeSepiaBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("computereduce") {
            try ComputeReductionBenchmark.run(frames: option("--frames", default: 30), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("geometry") {
            try GeometryBenchmark.run(frames: option("--frames", default: 60), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("movie") {
            try MovieBenchmark.run(frames: option("--movie-frames", default: 300), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("framepath") {
            try FramePathBenchmark.run(frames: option("--movie-frames", default: 300), rounds: option("--rounds", default: 5))
        }
        if all || parts.contains("moviewindow") {
            try MovieWindowBenchmark.run(seconds: Double(option("--seconds", default: 10)))
        }
        if all || parts.contains("pipewire") {
            try PipeWireBenchmark.run(seconds: Double(option("--seconds", default: 10)))
        }
        if all || parts.contains("streamlatency") {
            try StreamLatencyBenchmark.run(frames: option("--stream-frames", default: 300))
        }
        if parts.contains("soak") {
            try SoakBenchmark.run(reloads: option("--reloads", default: 1000), frames: option("--soak-frames", default: 10_000),
                                  unplugs: option("--unplugs", default: 20))
        }
        if all || parts.contains("camera") {
            try CameraBenchmark.run(frames: option("--camera-frames", default: 100))
        }
    }
}
