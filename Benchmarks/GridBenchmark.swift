import Foundation
import TestSupport

/// What the grid of every node and the parameter panel cost a frame, in the real window under Xvfb: the five-pass
/// chain at 1280×720 with both closed, then with both open (G and P), in turns, the frame time taken from the
/// intervals between the frames the window's trace says it presented. The pattern source animates, so the window
/// draws as fast as its frames allow, or every 16 ms when they take less.
enum GridBenchmark {
    static func run(rounds: Int, seconds: Double = 4) throws {
        let window = try WindowedApp(files: try files(), composition: "compositions/five-pass.yaml", showing: "vignette")
        Thread.sleep(forTimeInterval: 1)
        var closed: [Double] = []
        var open: [Double] = []
        for _ in 0..<rounds {
            closed += try intervals(window, seconds: seconds)
            try toggle(window)
            open += try intervals(window, seconds: seconds)
            try toggle(window)
        }
        window.stop()
        let closedMedian = FrameTimer.median(closed), openMedian = FrameTimer.median(open)
        print("")
        print("The grid of every node and the parameter panel, five-pass at 1280×720 in the window under Xvfb, \(rounds) rounds of \(Int(seconds)) s each")
        print(String(format: "both closed: median frame %.1f ms (%d frames); grid and panel open: median frame %.1f ms (%d frames); ratio %.3f",
                     closedMedian, closed.count, openMedian, open.count, openMedian / closedMedian))
    }

    /// The composition and its shaders as the repository has them, at the same places relative to each other.
    private static func files() throws -> [String: String] {
        var files = ["compositions/five-pass.yaml": try String(contentsOfFile: Repository.path("compositions/five-pass.yaml"), encoding: .utf8)]
        for shader in ["sepia", "brightness", "contrast", "sobel", "vignette"] {
            let name = "shaders/\(shader).fsh"
            files[name] = try String(contentsOfFile: Repository.path(name), encoding: .utf8)
        }
        return files
    }

    /// G and P, waiting until the window has taken both, then half a second for the graph to be bound again.
    private static func toggle(_ window: WindowedApp) throws {
        let keys = WindowTrace(path: window.tracePath).events.filter { $0.name == "key" }.count
        try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "g", "key", "p"])
        guard eventually({ WindowTrace(path: window.tracePath).events.filter { $0.name == "key" }.count >= keys + 2 }) else {
            throw TestSupportError("the window did not take G and P")
        }
        Thread.sleep(forTimeInterval: 0.5)
    }

    /// Milliseconds between the frames presented over the next `seconds`.
    private static func intervals(_ window: WindowedApp, seconds: Double) throws -> [Double] {
        let start = monotonicSeconds()
        Thread.sleep(forTimeInterval: seconds)
        let end = monotonicSeconds()
        let frames = WindowTrace(path: window.tracePath).frames.filter { $0 >= start && $0 <= end }
        return zip(frames, frames.dropFirst()).map { ($1 - $0) * 1000 }
    }
}
