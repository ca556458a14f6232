import Foundation
import Images
import TestSupport
import Testing

/// Movies playing in the window, and recording what the window shows.
@Suite("Movies in the window", .serialized)
struct MovieWindowTests {
    /// The clip is 320×240, so the window (1280×720) shows it three times its size between bars, from x = 160.
    static let clip = TestClip(width: 320, height: 240, fps: 30, frames: 90)
    static let scale = 3
    static let left = 160

    /// Shows the movie upside down, so its frame-number blocks land at the bottom, away from the heads-up display.
    static let composition = """
        composition: 1
        nodes:
          clip: { kind: movie, file: ../clip.mp4 }
          flip: { kind: shader, file: flip.fsh, inputs: { inputImageTexture: clip } }
        """

    static let flip = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, vec2(textureCoordinate.x, 1.0 - textureCoordinate.y)); }
        """

    static func openWindow(clip: TestClip = clip) throws -> LiveWindow {
        try LiveWindow(composition: composition) { folder in
            try clip.write(to: folder.file("clip.mp4"))
            try flip.write(toFile: folder.file("compositions/flip.fsh"), atomically: true, encoding: .utf8)
        }
    }

    /// The movie frame on the screen, read from its blocks; nil while the movie does not show.
    static func shownFrame(_ window: LiveWindow) throws -> Int? {
        let screen = try window.display.screenshot()
        let width = clip.width * scale, height = clip.height * scale
        guard screen.width >= left + width, screen.height >= height else { return nil }
        // The red swatch, upside down in the upper half, says the movie is on the screen.
        let swatch = clip.swatchCentre(0)
        let red = screen[left + swatch.x * scale, (clip.height - 1 - swatch.y) * scale]
        guard red.r > 200, red.g < 60, red.b < 60 else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let source = ((height - 1 - y) * screen.width + left) * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: screen.pixels[source..<(source + width * 4)])
        }
        return clip.frameNumber(in: RGBAImage(width: width, height: height, pixels: pixels), scale: Double(scale))
    }

    @Test("a movie plays in real time; paused, Right and Left step one frame")
    func playAndStep() throws {
        let window = try Self.openWindow()
        var first: Int?
        #expect(eventually(timeout: 20) { first = try? Self.shownFrame(window); return first != nil })
        // Playing: the frame moves on.
        #expect(eventually { (try? Self.shownFrame(window)).flatMap { $0 } != first })
        try window.pressAndWait("space")
        var paused: Int?
        #expect(eventually {
            let now = try? Self.shownFrame(window)
            Thread.sleep(forTimeInterval: 0.3)
            paused = now ?? nil
            return paused != nil && (try? Self.shownFrame(window)) == paused
        })
        let frame = try #require(paused)
        try window.pressAndWait("Right")
        #expect(eventually { (try? Self.shownFrame(window)) == (frame + 1) % 90 })
        try window.pressAndWait("Left")
        #expect(eventually { (try? Self.shownFrame(window)) == frame })
    }

    /// Nothing but the movie moves, so a frame is drawn when its next frame is due, not at the window's own rate.
    @Test("a window whose only motion is a 5 fps movie draws about 5 frames a second")
    func drawsAtTheMoviesRate() throws {
        let window = try Self.openWindow(clip: TestClip(width: 320, height: 240, fps: 5, frames: 50))
        #expect(eventually(timeout: 20) { window.trace.frames.count > 2 }, "\(window.app.error)")
        // Counted on the window's own clock, so a test thread that oversleeps on a busy machine counts nothing extra.
        let start = try #require(window.trace.frames.last)
        #expect(eventually(timeout: 20) { (window.trace.frames.last ?? 0) >= start + 3 })
        let drawn = window.trace.frames.filter { $0 > start && $0 <= start + 3 }.count
        // Fifteen movie frames, and a few for the window's own settling; at the window's rate it would be 180.
        #expect((5...24).contains(drawn), "\(drawn) frames in 3 s")
    }

    @Test("V records the image shown to a movie, with a red REC in the heads-up display; V again finishes it")
    func record() throws {
        let window = try Self.openWindow()
        #expect(eventually(timeout: 20) { (try? Self.shownFrame(window)).flatMap { $0 } != nil })
        try window.pressAndWait("v")
        let path = "shaderbench-recordings/fill-1.mp4"
        #expect(eventually { window.app.output.contains("recording: \(path)") })
        #expect(eventually {
            guard let screen = try? window.display.screenshot() else { return false }
            for y in 10..<80 {
                for x in 10..<200 where screen[x, y].r > 220 && screen[x, y].g < 80 && screen[x, y].b < 80 { return true }
            }
            return false
        }, "a red REC in the heads-up display")
        // Thirty frames shown while recording, counted on the window's own clock: a loaded machine draws them more
        // slowly, and two seconds of the test's sleep once held only 19.
        let recording = try #require(window.trace.frames.last)
        #expect(eventually(timeout: 30) { window.trace.frames.filter { $0 > recording }.count >= 30 }, "\(window.app.error)")
        try window.pressAndWait("v")
        #expect(eventually { window.app.output.contains("recorded \(path)") })
        let probe = try MovieProbe(path: window.folder.file(path))
        let video = try #require(probe.video)
        #expect(video.codec == "h264" && video.width == 320 && video.height == 240)
        #expect(video.frames >= 20, "\(video.frames) frames for thirty shown")
        // The length reported is the file's own, to a hundredth of a second.
        let duration = try #require(video.duration)
        #expect(window.app.output.contains("recorded \(path) (\(String(format: "%.2f", duration)) s"), "\(window.app.output)")
        // The window played no sound, so the movie has none.
        #expect(probe.audio == nil)
    }

    @Test("a movie rewritten on disk reloads, like any watched file")
    func rewrittenMovieReloads() throws {
        let window = try Self.openWindow()
        #expect(eventually(timeout: 20) { (try? Self.shownFrame(window)).flatMap { $0 } != nil })
        let blue = window.folder.file("blue.mp4")
        _ = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=blue:s=320x240:r=30:d=1",
                                               "-c:v", "libx264", "-pix_fmt", "yuv420p", blue], in: window.folder.path)
        try FileManager.default.removeItem(atPath: window.folder.file("clip.mp4"))
        try FileManager.default.moveItem(atPath: blue, toPath: window.folder.file("clip.mp4"))
        #expect(eventually(timeout: 10) {
            guard let pixel = try? window.colour(x: 640, y: 360) else { return false }
            return pixel.b > 200 && pixel.r < 40 && pixel.g < 40
        })
    }

    @Test("a movie rewritten as something unreadable is an error at its node while the last frame stays")
    func brokenMovieKeepsLastFrame() throws {
        let window = try Self.openWindow()
        #expect(eventually(timeout: 20) { (try? Self.shownFrame(window)).flatMap { $0 } != nil })
        try "not a movie any more".write(toFile: window.folder.file("clip.mp4"), atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("fill.yaml:3:") && window.app.error.contains("is not a movie") }, "\(window.app.error)")
        #expect(window.app.isRunning)
        // The movie's red swatch (upside down, so in the upper half) still shows above the error panel.
        let swatch = Self.clip.swatchCentre(0)
        let shown = try window.colour(x: Self.left + swatch.x * Self.scale, y: (Self.clip.height - 1 - swatch.y) * Self.scale)
        #expect(shown.r > 200 && shown.g < 60 && shown.b < 60, "\(shown)")
    }

    @Test("a truncated movie looping in the window says once that it is truncated, and never that a camera streams")
    func truncatedMovieSaysItOnce() throws {
        // 2 s of movie, cut in half: each loop plays about a second, then meets the cut.
        let window = try LiveWindow(composition: Self.composition.replacingOccurrences(of: "clip.mp4", with: "clip.mkv")) { folder in
            let path = folder.file("clip.mkv")
            try TestClip(width: 320, height: 240, fps: 30, frames: 60).write(to: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(size / 2))
            try handle.close()
            try Self.flip.write(toFile: folder.file("compositions/flip.fsh"), atomically: true, encoding: .utf8)
        }
        #expect(eventually(timeout: 30) { window.app.error.contains("truncated") }, "stderr: \(window.app.error)")
        // Three loops and more.
        Thread.sleep(forTimeInterval: 7)
        let lines = window.app.error.split(separator: "\n")
        #expect(lines.filter { $0.contains("clip.mkv") }.count == 1, "stderr: \(window.app.error)")
        #expect(!window.app.error.contains("camera"), "stderr: \(window.app.error)")
    }
}
