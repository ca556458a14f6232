import Foundation
import Images
import TestSupport
import Testing

/// Movies in and out of `shaderbench render` and `check`, as a user runs them, on clips made by ffmpeg.
@Suite("Movies on the command line", .serialized)
struct MovieRenderTests {
    /// A shader that shows its input unchanged, so a render shows the movie's own pixels.
    static let passThrough = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
        """

    struct Fixture {
        let folder: TemporaryFolder
        let clip: TestClip
        let movie: String
        let shader: String

        init(clip: TestClip = TestClip(width: 320, height: 240, fps: 30, frames: 30), name: String = "clip.mp4") throws {
            folder = try TemporaryFolder()
            self.clip = clip
            movie = folder.file(name)
            try clip.write(to: movie)
            shader = try folder.write("copy.fsh", MovieRenderTests.passThrough)
        }

        func render(_ extra: [String], out: String) throws -> ProcessResult {
            try runShaderbench(["render", shader, "--input", movie, "--out", folder.file(out)] + extra)
        }

        func frameNumber(_ path: String) throws -> Int? {
            clip.frameNumber(in: try ImageFile.read(path: folder.file(path)))
        }
    }

    @Test("frame k of a render at the movie's rate shows movie frame k, looping after the last")
    func sameRate() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "35"], out: "f-%02d.png")
        #expect(result.status == 0, "\(result.error)")
        for frame in [0, 1, 7, 29, 30, 34] {
            #expect(try fixture.frameNumber("f-\(String(format: "%02d", frame)).png") == frame % 30, "frame \(frame)")
        }
    }

    @Test("at other rates each frame shows the movie frame covering its time", arguments: [(60.0, [0: 0, 1: 0, 3: 1, 41: 20]), (15.0, [0: 0, 1: 2, 7: 14])])
    func otherRates(fps: Double, expected: [Int: Int]) throws {
        let fixture = try Fixture()
        let last = expected.keys.max()!
        #expect(try fixture.render(["--frames", "\(last + 1)", "--fps", "\(fps)"], out: "f-%02d.png").status == 0)
        for (frame, shown) in expected {
            #expect(try fixture.frameNumber("f-\(String(format: "%02d", frame)).png") == shown, "frame \(frame) at \(fps) fps")
        }
    }

    @Test("ranges rendered with --start match one long render, frame for frame, across a seek back")
    func rangesMatch() throws {
        let fixture = try Fixture()
        let wholeRun = try fixture.render(["--frames", "40"], out: "all-%02d.png")
        #expect(wholeRun.status == 0, "\(wholeRun.error)")
        let partRun = try fixture.render(["--frames", "4", "--start", "27"], out: "part-%02d.png")
        #expect(partRun.status == 0, "\(partRun.error)")
        for frame in 27..<31 {
            let whole = try ImageFile.read(path: fixture.folder.file("all-\(frame).png"))
            let part = try ImageFile.read(path: fixture.folder.file("part-\(frame).png"))
            #expect(whole == part, "frame \(frame)")
        }
    }

    @Test("colours survive the YUV round trip within 6 of 255")
    func colours() throws {
        let fixture = try Fixture()
        #expect(try fixture.render(["--start", "5"], out: "one.png").status == 0)
        let image = try ImageFile.read(path: fixture.folder.file("one.png"))
        for (index, swatch) in TestClip.swatches.enumerated() {
            let centre = fixture.clip.swatchCentre(index)
            let pixel = image[centre.x, centre.y]
            let difference = max(abs(Int(pixel.r) - Int(swatch.r)), abs(Int(pixel.g) - Int(swatch.g)), abs(Int(pixel.b) - Int(swatch.b)))
            #expect(difference <= 6, "swatch \(index): \(pixel) against \(swatch)")
        }
    }

    @Test("two nodes playing one file from different moments each show their own frame")
    func oneFileTwoTimelines() throws {
        let fixture = try Fixture()
        // Both inputs are sampled, so both nodes run every frame; the second never shows.
        try fixture.folder.write("first.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() {
                gl_FragColor = mix(texture2D(inputImageTexture, textureCoordinate),
                                   texture2D(inputImageTexture2, textureCoordinate), step(2.0, textureCoordinate.x));
            }
            """)
        for (shown, other, expected) in [("late", "early", 15), ("early", "late", 0)] {
            let composition = try fixture.folder.write("two-\(shown).yaml", """
                nodes:
                  early: { kind: movie, file: clip.mp4 }
                  late: { kind: movie, file: clip.mp4, start: 0.5 }
                  both: { kind: shader, file: first.fsh, inputs: { inputImageTexture: \(shown), inputImageTexture2: \(other) } }
                """)
            let result = try runShaderbench(["render", composition, "--out", fixture.folder.file("\(shown).png")])
            #expect(result.status == 0, "\(result.error)")
            #expect(try fixture.frameNumber("\(shown).png") == expected, "\(shown) shows its own moment")
        }
    }

    @Test("render --out clip.mp4 writes H.264 with every frame, at the render's size, frame k showing movie frame k")
    func movieOut() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "45"], out: "out.mp4")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "wrote \(fixture.folder.file("out.mp4")) (45 frames)\n")
        let probe = try MovieProbe(path: fixture.folder.file("out.mp4"))
        let video = try #require(probe.video)
        #expect(video.codec == "h264" && video.width == 320 && video.height == 240 && video.frames == 45)
        for frame in [0, 12, 44] {
            let pixels = try MovieProbe.frame(frame, of: fixture.folder.file("out.mp4"), width: 320, height: 240)
            #expect(fixture.clip.frameNumber(in: RGBAImage(width: 320, height: 240, pixels: pixels)) == frame % 30, "frame \(frame)")
        }
    }

    @Test("a movie of one frame is said to hold 1 frame, not 1 frames")
    func oneFrameMovie() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "1"], out: "one.mp4")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "wrote \(fixture.folder.file("one.mp4")) (1 frame)\n")
    }

    @Test("without --frames and --fps a movie render is the live movie from --start, at the movie's own rate")
    func liveMovieLengthAndRate() throws {
        let fixture = try Fixture(clip: TestClip(width: 160, height: 120, fps: 25, frames: 50))
        #expect(try fixture.render([], out: "whole.mp4").status == 0)
        #expect(try fixture.render(["--start", "20"], out: "rest.mp4").status == 0)
        let whole = try #require(try MovieProbe(path: fixture.folder.file("whole.mp4")).video)
        #expect(whole.frames == 50 && whole.frameRate == "25/1", "\(whole)")
        let rest = try #require(try MovieProbe(path: fixture.folder.file("rest.mp4")).video)
        #expect(rest.frames == 30 && rest.frameRate == "25/1", "\(rest)")
    }

    @Test("--start at or past the end of the live movie, with no --frames to say how far, is a usage error under render's usage")
    func startPastTheEnd() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--start", "40"], out: "out.mp4")
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.hasPrefix("Error: --start 40 is at or after the end of \(fixture.movie) (30 frames at 30 fps)"), "\(result.error)")
        #expect(result.error.contains("Usage: shaderbench render "), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.file("out.mp4")))
    }

    @Test("--fps 29.97 is the NTSC rate 30000/1001 exactly, and a movie at that rate renders at it again")
    func ntscRate() throws {
        let fixture = try Fixture(clip: TestClip(width: 160, height: 120, fps: 25, frames: 50))
        #expect(try fixture.render(["--fps", "29.97", "--frames", "12"], out: "ntsc.mp4").status == 0)
        let ntsc = try #require(try MovieProbe(path: fixture.folder.file("ntsc.mp4")).video)
        #expect(ntsc.frames == 12 && ntsc.frameRate == "30000/1001", "\(ntsc)")
        let again = try runShaderbench(["render", fixture.shader, "--input", fixture.folder.file("ntsc.mp4"), "--out", fixture.folder.file("again.mp4")])
        #expect(again.status == 0, "\(again.error)")
        let video = try #require(try MovieProbe(path: fixture.folder.file("again.mp4")).video)
        #expect(video.frames == 12 && video.frameRate == "30000/1001", "\(video)")
    }

    @Test("--codec and the container choose the encoder: VP9 in WebM, MPEG-4 in Matroska")
    func otherCodecs() throws {
        let fixture = try Fixture()
        #expect(try fixture.render(["--frames", "5"], out: "out.webm").status == 0)
        #expect(try MovieProbe(path: fixture.folder.file("out.webm")).video?.codec == "vp9")
        #expect(try fixture.render(["--frames", "5", "--codec", "mpeg4", "--quality", "4"], out: "out.mkv").status == 0)
        #expect(try MovieProbe(path: fixture.folder.file("out.mkv")).video?.codec == "mpeg4")
    }

    @Test("encoders that take no 4:2:0 get a format they take: ProRes, MJPEG and PNG in QuickTime, with the movie's colours",
          arguments: [("prores_ks", "prores"), ("mjpeg", "mjpeg"), ("png", "png")])
    func encodersOfOtherFormats(codec: String, name: String) throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "3", "--codec", codec], out: "out.mov")
        #expect(result.status == 0, "\(result.error)")
        let video = try #require(try MovieProbe(path: fixture.folder.file("out.mov")).video)
        #expect(video.codec == name && video.frames == 3)
        let pixels = try MovieProbe.frame(2, of: fixture.folder.file("out.mov"), width: 320, height: 240)
        let image = RGBAImage(width: 320, height: 240, pixels: pixels)
        #expect(fixture.clip.frameNumber(in: image) == 2)
        for (index, swatch) in TestClip.swatches.enumerated() {
            let pixel = image[fixture.clip.swatchCentre(index).x, fixture.clip.swatchCentre(index).y]
            let difference = max(abs(Int(pixel.r) - Int(swatch.r)), abs(Int(pixel.g) - Int(swatch.g)), abs(Int(pixel.b) - Int(swatch.b)))
            #expect(difference <= 8, "\(codec) swatch \(index): \(pixel) against \(swatch)")
        }
    }

    @Test("libx265 keeps its banner and statistics off the terminal")
    func quietEncoder() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "3", "--codec", "libx265", "--quality", "28"], out: "out.mp4")
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("x265") && !result.error.contains("encoded"), "\(result.error)")
        #expect(try MovieProbe(path: fixture.folder.file("out.mp4")).video?.codec == "hevc")
    }

    @Test("libsvtav1 writes every frame, and SVT-AV1's banner and settings stay off the terminal")
    func svtAV1() throws {
        let fixture = try Fixture()
        // A writer that stops taking frames must fail the test, not hold it up.
        let result = try runProcess("/usr/bin/timeout", ["120", Repository.executable, "render", fixture.shader, "--input", fixture.movie,
                                                         "--codec", "libsvtav1", "--out", fixture.folder.file("out.mkv")],
                                    in: fixture.folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("Svt") && !result.error.contains("SVT"), "\(result.error)")
        let video = try #require(try MovieProbe(path: fixture.folder.file("out.mkv")).video)
        #expect(video.codec == "av1" && video.frames == 30)
    }

    @Test("a picture smaller than libsvtav1 takes is refused in words, SVT-AV1's own lines kept off the terminal")
    func svtAV1SmallestSize() throws {
        let fixture = try Fixture()
        let result = try fixture.render(["--frames", "2", "--size", "48x48", "--codec", "libsvtav1"], out: "small.mp4")
        #expect(result.status == 3, "\(result.error)")
        #expect(result.error.contains("libsvtav1 encodes pictures of at least 64×64; this movie is 48×48"), "\(result.error)")
        #expect(!result.error.contains("Svt"), "\(result.error)")
    }

    @Test("video and sound start together at zero, though the encoder reorders frames, so ranges join without a gap",
          arguments: ["mp4", "mov", "mkv"])
    func streamsStartAtZero(fileExtension: String) throws {
        var clip = TestClip(width: 320, height: 240, fps: 30, frames: 90)
        clip.audio = true
        let fixture = try Fixture(clip: clip)
        let out = "out.\(fileExtension)"
        let result = try fixture.render(["--frames", "30", "--start", "10"], out: out)
        #expect(result.status == 0, "\(result.error)")
        let probe = try MovieProbe(path: fixture.folder.file(out))
        #expect(try #require(probe.video).startTime == 0)
        let sound = try #require(probe.audio)
        #expect(sound.startTime == 0)
    }

    @Test("a render killed halfway leaves a movie that opens, holding all but about the last second")
    func killedRender() throws {
        let fixture = try Fixture()
        let process = try RunningProcess(Repository.executable, ["render", fixture.shader, "--input", fixture.movie, "--frames", "600",
                                                                 "--out", fixture.folder.file("long.mp4")],
                                         environment: ProcessInfo.processInfo.environment, directory: fixture.folder.path,
                                         logs: fixture.folder.path)
        var done = 0
        #expect(eventually(timeout: 60) {
            done = process.error.split(separator: "\n").last.flatMap { line in
                line.split(separator: " ").dropFirst().first?.split(separator: "/").first.flatMap { Int($0) }
            } ?? 0
            return done >= 100
        })
        kill(process.processIdentifier, SIGKILL)
        _ = process.waitForExit(timeout: 5)
        let probe = try MovieProbe(path: fixture.folder.file("long.mp4"))
        let frames = try #require(probe.video).frames
        #expect(frames >= done - 30, "\(frames) frames readable after \(done) rendered")
    }

    @Test("a render that fails part way finishes its movie, which holds every frame it reported")
    func failedRenderKeepsReportedFrames() throws {
        var clip = TestClip(width: 320, height: 240, fps: 30, frames: 60)
        clip.extraArguments = ["-movflags", "+faststart"]
        let fixture = try Fixture(clip: clip, name: "whole.mp4")
        // The index promises all 60 frames; the pictures after about the first second are missing.
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture.movie))
        let truncated = fixture.folder.file("truncated.mp4")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        let out = fixture.folder.file("part.mp4")
        let result = try runShaderbench(["render", fixture.shader, "--input", truncated, "--start", "20", "--frames", "30", "--out", out])
        #expect(result.status == 3, "\(result.error)")
        let reported = result.error.split(separator: "\n").filter { $0.contains(" → ") }.count
        #expect(reported > 2 && reported < 30, "\(result.error)")
        #expect(try MovieProbe(path: out).video?.frames == reported)
    }

    @Test("a file that is not a movie, one with no video, an empty one and a truncated one are located errors in check and render")
    func badMovies() throws {
        let folder = try TemporaryFolder()
        try folder.write("copy.fsh", Self.passThrough)
        try folder.write("text.mp4", "this is not a movie\n")
        _ = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", folder.file("sound.mp4")], in: folder.path)
        try folder.write("empty.mkv", "")
        var clip = TestClip(width: 320, height: 240, fps: 30, frames: 60)
        clip.extraArguments = ["-movflags", "+faststart"]
        try clip.write(to: folder.file("whole.mp4"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder.file("whole.mp4")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder.file("truncated.mp4")))
        for (name, message) in [("text.mp4", "is not a movie"), ("sound.mp4", "no video"), ("empty.mkv", "movie"), ("truncated.mp4", "truncated")] {
            let composition = try folder.write("c-\(name).yaml", """
                nodes:
                  clip: { kind: movie, file: \(name) }
                  fx: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: clip } }
                """)
            let check = try runShaderbench(["check", composition])
            #expect(check.status == 1, "check \(name): \(check.error)")
            #expect(check.error.contains("c-\(name).yaml:2:"), "check \(name): \(check.error)")
            #expect(check.error.contains(message) && check.error.contains("[SB5101]"), "check \(name): \(check.error)")
            let render = try runShaderbench(["render", composition, "--frames", "60", "--out", folder.file("\(name)-%02d.png")])
            #expect(render.status != 0, "render \(name)")
            #expect(render.error.contains(message) && render.error.contains("[SB5101]"), "render \(name): \(render.error)")
        }
    }
}
