import Foundation
import Images
import TestSupport
import Testing

/// `render` plays a composition's keys: frame N is drawn with every curve at N / fps, so a range rendered on its
/// own is the same frames of one long render, and `duration:` is how many frames a render draws.
@Suite("Keyed parameters in renders", .serialized)
struct KeyedRenderTests {
    /// Each keyed number straight into a channel, so a pixel reads back what the curve gave the uniform.
    static let levels = """
        precision highp float;
        uniform float level; // range: 0...1
        uniform vec3 tint;
        uniform int steps;
        void main() { gl_FragColor = vec4(level, tint.g, float(steps) / 10.0, 1.0); }
        """

    static let composition = """
        size: [4, 4]
        nodes:
          fill: { kind: shader, file: levels.fsh }
        animate:
          fill.level: [[0, 0], [1, 1, hold], [2, 0.5, smooth], [4, 0]]
          fill.tint: [[0, [0, 0, 0]], [3, [1, 1, 1]]]
          fill.steps: [[0, 0], [2, 10]]
        """

    /// What the keys above give at `t`, worked out segment by segment.
    static func expected(at t: Double) -> (level: Double, green: Double, steps: Double) {
        let level: Double
        if t < 1 {
            level = t                               // linear from 0 to 1
        } else if t < 2 {
            level = 1                               // held
        } else {
            let s = (t - 2) / 2                     // smooth from 0.5 down to 0 over two seconds
            level = 0.5 - 0.5 * (3 * s * s - 2 * s * s * s)
        }
        let steps = min(t, 2) * 5                   // an int: the nearest whole number, halves away from zero
        return (level, t / 3, steps.rounded(.toNearestOrAwayFromZero))
    }

    @Test("frame N shows each curve at N / fps: linear, held, smooth, a vector's component and an int")
    func framesFollowKeys() throws {
        let folder = try TemporaryFolder()
        try folder.write("levels.fsh", Self.levels)
        let path = try folder.write("keyed.yaml", Self.composition)
        let result = try runShaderbench(["render", path, "--out", folder.file("f-%d.png"), "--fps", "4", "--frames", "12"])
        try #require(result.status == 0, "\(result.error)")
        for frame in 0..<12 {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            let expected = Self.expected(at: Double(frame) / 4)
            let pixel = Array(image.pixels[0..<3]).map(Double.init)
            // An 8-bit target holds the nearest of 255 levels (a level either way for the GPU's own rounding).
            #expect(abs(pixel[0] - expected.level * 255) <= 1, "frame \(frame): level \(pixel[0]), expected \(expected.level * 255)")
            #expect(abs(pixel[1] - expected.green * 255) <= 1, "frame \(frame): green \(pixel[1]), expected \(expected.green * 255)")
            #expect(abs(pixel[2] - expected.steps / 10 * 255) <= 1, "frame \(frame): steps \(pixel[2]), expected \(expected.steps)")
        }
    }

    @Test("--start 40 --frames 10 writes the same files as frames 40–49 of a 50-frame render")
    func rangeEqualsLongRender() throws {
        let folder = try TemporaryFolder()
        try folder.write("levels.fsh", Self.levels)
        let path = try folder.write("keyed.yaml", """
            size: [4, 4]
            nodes:
              fill: { kind: shader, file: levels.fsh, uniforms: { tint: swing } }
              swing: { kind: curve, keys: [[0, [0, 0.2, 1]], [0.3, [1, 0.8, 0], [bezier, 0.2, 0.1, 0.4, 1]], [0.7, [0.5, 0.5, 0.5]]], ping-pong: true }
            animate:
              fill.level: { keys: [[0, 0], [0.45, 1, smooth], [0.9, 0.25]], loop: true }
              fill.steps: [[0, 3], [1, 7, hold], [1.5, 9]]
            """)
        let long = try runShaderbench(["render", path, "--out", folder.file("long-%d.png"), "--frames", "50"])
        try #require(long.status == 0, "\(long.error)")
        let range = try runShaderbench(["render", path, "--out", folder.file("range-%d.png"), "--start", "40", "--frames", "10"])
        try #require(range.status == 0, "\(range.error)")
        var distinct = Set<Data>()
        for frame in 40..<50 {
            let whole = try Data(contentsOf: URL(fileURLWithPath: folder.file("long-\(frame).png")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("range-\(frame).png"))) == whole, "frame \(frame)")
            distinct.insert(whole)
        }
        #expect(distinct.count > 5, "the keys move the picture across the range")
        #expect(!FileManager.default.fileExists(atPath: folder.file("range-39.png")))
    }

    @Test("duration: is how many frames a render draws when --frames is not given")
    func durationSetsFrames() throws {
        let folder = try TemporaryFolder()
        try folder.write("levels.fsh", Self.levels)
        let path = try folder.write("keyed.yaml", Self.composition + "\nduration: 1.5\n")
        let result = try runShaderbench(["render", path, "--out", folder.file("f-%d.png"), "--fps", "10"])
        try #require(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder.file("f-14.png")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("f-15.png")), "1.5 s at 10 fps is frames 0 to 14")
    }

    @Test("rate: is what a render steps at, and keys in frames land on their frames")
    func keysInFrames() throws {
        let folder = try TemporaryFolder()
        try folder.write("levels.fsh", Self.levels)
        // The composition's keys at 0, 1, 2, 3 and 4 s, written as frames at 4 a second, and 3 s long.
        let path = try folder.write("keyed.yaml", """
            size: [4, 4]
            rate: 4
            duration: 12f
            nodes:
              fill: { kind: shader, file: levels.fsh }
            animate:
              fill.level: [[0f, 0], [4f, 1, hold], [8f, 0.5, smooth], [16f, 0]]
              fill.tint: [[0f, [0, 0, 0]], [12f, [1, 1, 1]]]
              fill.steps: [[0f, 0], [8f, 10]]
            """)
        let result = try runShaderbench(["render", path, "--out", folder.file("f-%d.png")])
        try #require(result.status == 0, "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("f-12.png")), "12 frames at 4 fps")
        for frame in 0..<12 {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            let expected = Self.expected(at: Double(frame) / 4)
            let pixel = Array(image.pixels[0..<3]).map(Double.init)
            #expect(abs(pixel[0] - expected.level * 255) <= 1, "frame \(frame): level \(pixel[0]), expected \(expected.level * 255)")
            #expect(abs(pixel[1] - expected.green * 255) <= 1, "frame \(frame): green \(pixel[1]), expected \(expected.green * 255)")
            #expect(abs(pixel[2] - expected.steps / 10 * 255) <= 1, "frame \(frame): steps \(pixel[2]), expected \(expected.steps)")
        }
    }

    @Test("a movie's keyed time plays forward, holds and scrubs back, frame for frame")
    func keyedMovieTime() throws {
        let folder = try TemporaryFolder()
        let clip = TestClip(width: 160, height: 120, fps: 30, frames: 60)
        try clip.write(to: folder.file("clip.mp4"))
        // Half a frame in, so that every moment asked falls inside one movie frame: forward for 1 s, held
        // for half a second, then back at twice the speed.
        let half = 0.5 / 30
        let path = try folder.write("keyed.yaml", """
            nodes:
              clip: { kind: movie, file: clip.mp4 }
            animate:
              clip.time: [[0, \(half)], [1, \(1 + half), hold], [1.5, \(1 + half)], [2, \(half)]]
            """)
        let result = try runShaderbench(["render", path, "--out", folder.file("f-%02d.png"), "--fps", "30", "--frames", "60"])
        try #require(result.status == 0, "\(result.error)")
        for frame in 0..<60 {
            let expected = frame < 30 ? frame : frame < 45 ? 30 : 30 - 2 * (frame - 45)
            let shown = clip.frameNumber(in: try ImageFile.read(path: folder.file(String(format: "f-%02d.png", frame))))
            #expect(shown == expected, "frame \(frame)")
        }
    }

    @Test("a render of a composition with broken keys exits 1 with each error at its key")
    func brokenKeys() throws {
        let folder = try TemporaryFolder()
        try folder.write("levels.fsh", Self.levels)
        let path = try folder.write("keyed.yaml", """
            nodes:
              fill: { kind: shader, file: levels.fsh }
            animate:
              fill.level: [[0, 0], [1, 2]]
            """)
        let result = try runShaderbench(["render", path, "--out", folder.file("f-%d.png")])
        #expect(result.status == 1)
        #expect(result.error.contains("keyed.yaml:4:24: error: the key at 1 s sets fill.level to 2.0, outside the range its shader declares, 0.0…1.0 [SB2104]"),
                "\(result.error)")
    }
}
