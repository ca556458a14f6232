import Foundation
import TestSupport

/// A 1280×720, 30 fps movie through the sepia shader (`compositions/sepia.yaml` with the movie as its input) in
/// the window under Xvfb: the frames it draws a second, the movie frames it drops (the heads-up display's count,
/// from the trace) and the CPU it uses, over `seconds` after a second of settling, with the pixel readout off
/// and then on.
enum MovieWindowBenchmark {
    static func run(seconds: Double) throws {
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 1280, height: 720, fps: 30, frames: Int(seconds + 5) * 30)
        clip.audio = false
        try clip.write(to: folder.file("clip.mp4"))
        // sepia.yaml with the clip as its live source, as `--input` makes it.
        let composition = """
            composition: 1
            nodes:
              clip: { kind: movie, file: \(folder.file("clip.mp4")) }
              sepia: { kind: shader, file: sepia.fsh, inputs: { inputImageTexture: clip }, uniforms: { intensity: 1.0 } }
            output: sepia
            """
        let files = ["movie-sepia.yaml": composition,
                     "sepia.fsh": try String(contentsOfFile: Repository.path("shaders/sepia.fsh"), encoding: .utf8)]
        print("\n## A 1280×720, 30 fps movie through the sepia shader in the window (\(Int(seconds)) s each)\n")
        print("| pixel readout | frames drawn a second | movie frames dropped | dropped ÷ movie frames | CPU, cores |")
        print("|---|---:|---:|---:|---:|")
        for readout in [false, true] {
            let window = try WindowedApp(files: files, composition: "movie-sepia.yaml", showing: "sepia")
            defer { window.stop() }
            if readout {
                // The readout reads the pixel under the pointer every frame: on, with the pointer over the picture.
                try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "i", "mousemove", "--window", "%1", "200", "150"])
            }
            Thread.sleep(forTimeInterval: 1)
            let before = WindowTrace(path: window.tracePath).events.filter { $0.name == "frame-presented" }
            let cpuBefore = window.cpuSeconds
            Thread.sleep(forTimeInterval: seconds)
            let after = WindowTrace(path: window.tracePath).events.filter { $0.name == "frame-presented" }
            let cpu = window.cpuSeconds - cpuBefore
            let drawn = after.count - before.count
            let dropped = { (events: [WindowTrace.Event]) in events.last?.fields["movieFramesDropped"] as? Int ?? 0 }
            let droppedNow = dropped(after) - dropped(before)
            let played = seconds * 30
            print(String(format: "| %@ | %.1f | %d | %.1f%% | %.2f |", readout ? "on" : "off", Double(drawn) / seconds, droppedNow,
                         Double(droppedNow) / played * 100, cpu / seconds))
        }
    }
}
