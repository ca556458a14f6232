import Foundation
import Images
import TestSupport

/// The real app in a window on a display of the test's own, on a composition copied to a temporary folder:
/// a 64×64 solid-colour shader, which the window shows as a square in its middle.
final class LiveWindow {
    let window: WindowProcess
    var display: VirtualDisplay { window.display }
    var app: RunningProcess { window.app }
    let folder: TemporaryFolder
    let shaderPath: String
    let compositionPath: String
    var tracePath: String { folder.file("trace.jsonl") }

    /// `shaderFolder` puts the shader in a folder of its own, beside the composition's; `composition`
    /// replaces the one-node composition; `environment` adds to the app's (paths in it may use `$FOLDER`,
    /// the temporary folder); `arguments` add to the app's (`--mute`); `prepare` puts what else it reads in
    /// the folder before the app starts; `compositionFile` names the composition's file (`fill.json`).
    init(shaderFolder: String = ".", composition: String? = nil, compositionFile: String = "fill.yaml", environment added: [String: String] = [:],
         arguments: [String] = [], prepare: (TemporaryFolder) throws -> Void = { _ in }) throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("compositions"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("compositions/\(shaderFolder)"), withIntermediateDirectories: true)
        shaderPath = FilePathJoin.normalise(folder.file("compositions/\(shaderFolder)/fill.fsh"))
        try Self.shader(red: 1, green: 0, blue: 0).write(toFile: shaderPath, atomically: false, encoding: .utf8)
        compositionPath = try folder.write("compositions/\(compositionFile)", composition ?? Self.composition(shaderFolder: shaderFolder))
        try prepare(folder)
        let environment = ProcessInfo.processInfo.environment.merging(added.mapValues { [folder] in
            $0.replacingOccurrences(of: "$FOLDER", with: folder.path)
        }) { $1 }
        window = try WindowProcess([compositionPath, "--trace", folder.file("trace.jsonl")] + arguments, environment: environment,
                                   directory: folder.path)
        let app = window.app
        // On a machine busy with the rest of the suite the first frame can take longer than a test's own waits,
        // which are for what happens after it: those start from a window that has drawn.
        _ = eventually(timeout: 30) { [app, tracePath] in
            !app.isRunning || !WindowTrace(path: tracePath).frames.isEmpty
        }
    }

    static func composition(shaderFolder: String) -> String {
        """
        composition: 1
        size: [64, 64]
        nodes:
          fill: { kind: shader, file: \(shaderFolder)/fill.fsh }
        output: fill
        """
    }

    /// A shader whose whole output is one colour: a save that changes it is visible at once.
    static func shader(red: Double, green: Double, blue: Double) -> String {
        """
        precision mediump float;
        void main() {
            gl_FragColor = vec4(\(red), \(green), \(blue), 1.0);
        }
        """
    }

    /// Writes a one-colour shader to `name` in the window's folder, making the folders it needs; its path.
    @discardableResult
    func writeShader(_ name: String, red: Double, green: Double, blue: Double) throws -> String {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.shader(red: red, green: green, blue: blue).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The colour in the middle of the window, where the square is and no overlay reaches.
    func centre() throws -> (r: UInt8, g: UInt8, b: UInt8) {
        try colour(x: 640, y: 360)
    }

    /// The colour of the screen at (`x`, `y`), in pixels from the top-left; the window starts there.
    func colour(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8) {
        let pixel = try display.screenshot()[x, y]
        return (pixel.r, pixel.g, pixel.b)
    }

    /// The colour near the bottom of the square, where the error panel is drawn.
    func errorPanelArea() throws -> (r: UInt8, g: UInt8, b: UInt8) {
        try colour(x: 640, y: 690)
    }

    /// Waits until the middle of the window shows `colour` (within two levels).
    func waitForCentre(_ colour: (r: UInt8, g: UInt8, b: UInt8), timeout: TimeInterval = 10) throws -> Bool {
        try eventually(timeout: timeout) { Self.matches(try centre(), colour) }
    }

    /// Waits until every screen pixel named shows its colour (within two levels), all in one screenshot.
    func waitFor(_ pixels: [(x: Int, y: Int, colour: (r: UInt8, g: UInt8, b: UInt8))], timeout: TimeInterval = 10) throws -> Bool {
        try eventually(timeout: timeout) {
            let screen = try display.screenshot()
            return pixels.allSatisfy { pixel in
                let shown = screen[pixel.x, pixel.y]
                return Self.matches((shown.r, shown.g, shown.b), pixel.colour)
            }
        }
    }

    private static func matches(_ shown: (r: UInt8, g: UInt8, b: UInt8), _ colour: (r: UInt8, g: UInt8, b: UInt8)) -> Bool {
        abs(Int(shown.r) - Int(colour.r)) <= 2 && abs(Int(shown.g) - Int(colour.g)) <= 2 && abs(Int(shown.b) - Int(colour.b)) <= 2
    }

    /// The trace as recorded so far.
    var trace: WindowTrace { WindowTrace(path: tracePath) }

    /// Where the panel says a control is, once it has said so: the panel may draw a frame or two before
    /// the graph's parameters reach it, so a control read straight after the panel opens can be missing.
    func control(_ node: String, _ uniform: String, part: String = "value") -> (x: Double, y: Double, width: Double, height: Double)? {
        _ = eventually { trace.control(node, uniform, part: part) != nil }
        return trace.control(node, uniform, part: part)
    }

    /// How many times the trace records `event`.
    func count(of event: String) -> Int {
        textSoFar(of: tracePath).components(separatedBy: "\"event\":\"\(event)\"").count - 1
    }

    /// How many times the trace says a program was swapped in.
    var swapCount: Int { count(of: "program-swapped") }

    /// Moves and clicks the pointer with xdotool commands (`mousemove X Y`, `mousedown 1`, …), in screen pixels.
    func pointer(_ commands: [String]) throws {
        try display.xdotool(commands)
    }

    /// Presses `key` until the window's trace records it: a key sent while the window is still settling
    /// (just mapped, or reloading) can be lost, and a test that needs the key to land says so this way.
    func pressAndWait(_ key: String) throws {
        let before = count(of: "key")
        for _ in 0..<3 {
            try press(key)
            if eventually(timeout: 4, { count(of: "key") > before }) { return }
        }
    }

    /// Records with V for about `seconds`, then finishes with V again; the movie's path once it is written.
    func record(seconds: TimeInterval = 2) throws -> String? {
        let path = "shaderbench-recordings/fill-1.mp4"
        try pressAndWait("v")
        guard eventually({ app.output.contains("recording: \(path)") }) else { return nil }
        Thread.sleep(forTimeInterval: seconds)
        try pressAndWait("v")
        return eventually({ app.output.contains("recorded \(path)") }) ? folder.file(path) : nil
    }

    /// Presses `key` (an xdotool key name) in the window.
    func press(_ key: String) throws {
        // No window manager runs under Xvfb, so focus is set directly rather than by activating the window.
        try display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", key])
    }
}

enum FilePathJoin {
    static func normalise(_ path: String) -> String {
        (path as NSString).standardizingPath
    }
}

let red: (r: UInt8, g: UInt8, b: UInt8) = (255, 0, 0)
let green: (r: UInt8, g: UInt8, b: UInt8) = (0, 255, 0)
let blue: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 255)
let yellow: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 0)
/// The screen beyond the window.
let black: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)
/// The window's background, in the bars beside an image of another aspect.
let bar: (r: UInt8, g: UInt8, b: UInt8) = (23, 23, 26)

/// What a recording's two streams should be: sound and pictures start together and end together, within one
/// frame of the recording's own rate (as the file gives it), whatever the machine was doing while it recorded.
/// Nil when they do; else what they are.
func recordedStreamsDisagree(_ probe: MovieProbe) -> String? {
    guard let video = probe.video, let audio = probe.audio else { return "streams: \(probe.streams.map(\.type))" }
    guard let period = video.framePeriod, let videoStart = video.startTime, let videoSeconds = video.duration,
          let audioStart = audio.startTime else { return "video \(video), audio \(audio)" }
    let audioSeconds = audio.duration ?? Double(audio.frames * 1024) / 48_000
    let figures = "pictures from \(videoStart) s for \(videoSeconds) s, sound from \(audioStart) s for \(audioSeconds) s, "
        + "a frame \(video.frameRate) s⁻¹"
    let startsApart = abs(audioStart - videoStart), lengthsApart = abs(audioSeconds - videoSeconds)
    return startsApart <= period && lengthsApart <= period ? nil : figures
}
