import Testing
@testable import ShaderGraph
import ShaderLanguage
import VideoFrames

/// `animate:`, `duration:` and `kind: curve` as a composition writes them: read into curves, and every
/// mistake an error at its key with its code.
@Suite("Keys in a composition")
struct AnimationLoadingTests {
    static let shader = """
        precision mediump float;
        uniform sampler2D inputImageTexture;
        varying vec2 textureCoordinate;
        uniform float amount; // range: 0...4
        uniform int steps;
        uniform bool invert;
        uniform vec3 tint;
        uniform float wired;
        uniform int count;
        void main() { gl_FragColor = vec4(tint * amount * wired, 1.0) + texture2D(inputImageTexture, textureCoordinate) * float(steps + count); }
        """

    static func composition(_ animate: String) -> String {
        """
        size: [8, 8]
        nodes:
          photo: { kind: pattern }
          grade: { kind: shader, file: grade.fsh, inputs: { inputImageTexture: photo }, uniforms: { wired: level } }
          level: { kind: lfo }
        output: grade
        animate:
        \(animate)
        """
    }

    @Test("keys are read with their times, values and interpolations; the short form is linear")
    func readsKeys() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let composition = try workspace.load(Self.composition("""
              grade.amount: [[0, 1], [1.5, 2, smooth], [2, 3, [bezier, 0.25, 0.1, 0.75, 0.9]], [4, 0, hold]]
              grade.tint: { keys: [[0, [1, 0.5, 0]], [2, [0, 0.5, 1]]], ping-pong: true }
              grade.steps: [[0, 1], [1, 5]]
              grade.invert: { keys: [[0, false], [1, true]], loop: true }
            duration: 4
            """))
        let byName = Dictionary(uniqueKeysWithValues: composition.animation.map { ($0.reference.description, $0.curve) })
        let amount = try #require(byName["grade.amount"])
        #expect(amount.keys.map(\.time) == [0, 1.5, 2, 4])
        #expect(amount.keys.map(\.value) == [[1], [2], [3], [0]])
        #expect(amount.keys.map(\.interpolation) == [.linear, .smooth, .bezier(x1: 0.25, y1: 0.1, x2: 0.75, y2: 0.9), .hold])
        #expect(amount.keys.first?.location?.line == 8)
        #expect(byName["grade.tint"]?.repetition == .pingPong)
        #expect(byName["grade.tint"]?.rounding == KeyedCurve.Rounding.none)
        #expect(byName["grade.steps"]?.rounding == .whole)
        #expect(byName["grade.invert"]?.rounding == .steps)
        #expect(byName["grade.invert"]?.repetition == .loop)
        #expect(byName["grade.invert"]?.keys.map(\.value) == [[0], [1]])
        #expect(composition.duration == 4)
    }

    @Test("each mistake in keys is an error at its key, with its code")
    func reportsBadKeys() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let problems = try workspace.diagnostics(Self.composition("""
              grade.amount: [[0, 1], [2, 2], [1, 3]]
              grade.tint: [[0, [1, 0]], [1, [1, 1, 1]]]
              grade.steps: [[0, 1], [0, 2]]
              grade.invert: [[0, 0.5]]
              grade.nothing: [[0, 1]]
              grade.inputImageTexture: [[0, 1]]
              grade.wired: [[0, 1]]
              graed.amount: [[0, 1]]
              level.rate: [[0, 1]]
              grade: [[0, 1]]
            """) + """

              photo.size: [[0, 1, ease]]
              grade.count: [[0, 1.5]]
            """)
        #expect(problems.coded.sorted() == [
            "8:34 SB2101", "9:29 SB2103", "10:25 SB2102", "11:18 SB2103", "12:3 SB2005", "13:3 SB2107", "14:3 SB2108", "15:3 SB2002",
            "16:3 SB2107", "17:3 SB2109", "18:23 SB2105", "19:17 SB2103",
        ].sorted(), "\(problems.map(\.description))")
        #expect(problems.first { $0.code == .keyedAndWired }?.message.contains("wired to 'level'") == true)
        #expect(problems.first { $0.code == .unknownNode }?.message.hasSuffix("did you mean 'grade'?") == true)
        #expect(problems.first { $0.code == .unknownInterpolation }?.message.hasSuffix("expected one of: hold, linear, smooth, bezier") == true)
    }

    @Test("a key outside the range the shader declares is an error, not clamped; so are Bézier handles running back in time")
    func reportsBoundsAndHandles() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let problems = try workspace.diagnostics(Self.composition("""
              grade.amount: [[0, 1], [1, 4.5], [2, -1]]
              grade.tint: [[0, [0, 0, 0], [bezier, 1.5, 0, 0.5, 1]], [1, [0, 0, 1], bezier], [2, [1, 1, 1], smoth]]
            """))
        // Each key reads first; a curve whose keys cannot all be read is not checked against its parameter too.
        #expect(problems.coded == ["8:26 SB2104", "8:36 SB2104", "9:31 SB2106", "9:73 SB2106", "9:97 SB2105"], "\(problems.map(\.description))")
        #expect(problems.first?.message.contains("outside the range its shader declares, 0.0…4.0") == true)
        #expect(problems.last?.message.hasSuffix("did you mean 'smooth'?") == true)
    }

    @Test("a curve node is a value of its keys' width; its mistakes are located like a keyed parameter's")
    func curveNode() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: pattern }
              fade: { kind: curve, keys: [[0, [0, 1]], [2, [1, 0], smooth]], loop: true }
              grade: { kind: shader, file: grade.fsh, inputs: { inputImageTexture: photo }, uniforms: { amount: fade.x, wired: fade.y, steps: 1 } }
            """)
        guard case .curve(let curve)? = composition.node(named: "fade")?.kind else {
            Issue.record("fade is not a curve node")
            return
        }
        #expect(curve.width == 2)
        #expect(curve.repetition == .loop)
        #expect(composition.node(named: "fade")?.output == .value(components: 2))
        let problems = try workspace.diagnostics("""
            nodes:
              photo: { kind: pattern }
              fade: { kind: curve, keys: [[1, 0], [0, 1]], loop: true, ping-pong: true }
              still: { kind: curve }
              grade: { kind: shader, file: grade.fsh, inputs: { inputImageTexture: photo }, uniforms: { amount: fade, wired: still } }
            """)
        #expect(problems.coded.sorted() == ["3:39 SB2101", "3:71 SB2109", "4:3 SB1007"].sorted(), "\(problems.map(\.description))")
    }

    @Test("a movie's time takes keys, one number each; other keys of a movie are not its parameters")
    func movieTime() throws {
        let workspace = try Workspace()
        try workspace.write("clip.mp4", "not decoded here")
        let composition = try workspace.load("""
            nodes:
              clip: { kind: movie, file: clip.mp4 }
            animate:
              clip.time: [[0, 0], [2, 2, hold], [3, 2], [4, 0]]
            """)
        guard case .movie(let movie)? = composition.node(named: "clip")?.kind else {
            Issue.record("clip is not a movie")
            return
        }
        // The curve is the movie's moment: held at 2 s from 2 s to 3 s, then back to the start by 4 s.
        #expect(movie.movieTime(at: 1, duration: 10) == 1)
        #expect(movie.movieTime(at: 2.5, duration: 10) == 2)
        #expect(movie.movieTime(at: 3.5, duration: 10) == 1)
        #expect(movie.isKeyedStill(at: 2.5))
        #expect(!movie.isKeyedStill(at: 3.5))
        let problems = try workspace.diagnostics("""
            nodes:
              clip: { kind: movie, file: clip.mp4 }
            animate:
              clip.speed: [[0, 1]]
              clip.time: [[0, [0, 1]]]
            """)
        #expect(problems.coded == ["4:3 SB2107", "5:15 SB2103"], "\(problems.map(\.description))")
    }

    @Test("a key's time is seconds, frames at the composition's rate or beats at its tempo; each unit without its rate is an error")
    func timeUnits() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        let composition = try workspace.load(Self.composition("""
              grade.amount: [[0f, 1], [90f, 2], [8b, 3], [4.5s, 0], [5, 1]]
            rate: 30000/1001
            tempo: 120
            duration: 300f
            """))
        let amount = try #require(composition.animation.first?.curve)
        // Frame 90 at 30000/1001 fps is 90 × 1001 / 30000 s; 8 beats at 120 a minute are 4 s.
        #expect(amount.keys.map(\.time) == [0, 90.0 * 1001 / 30000, 4, 4.5, 5])
        #expect(composition.rate == FrameRate(30000, 1001))
        #expect(composition.tempo == 120)
        #expect(composition.duration == 300.0 * 1001 / 30000)
        let problems = try workspace.diagnostics(Self.composition("""
              grade.amount: [[0, 1], [12f, 2], [3b, 3]]
            """))
        #expect(problems.coded == ["8:27 SB2110", "8:37 SB2110"], "\(problems.map(\.description))")
        #expect(problems.first?.message.contains("add rate: 30") == true)
        let mistakes = try workspace.diagnostics(Self.composition("""
              grade.amount: [[0, 1], [12.5f, 2], [3x, 3], [-1s, 0]]
            rate: fast
            tempo: 0
            """))
        #expect(mistakes.coded.sorted() == ["8:27 SB2109", "8:39 SB2109", "8:48 SB2109", "9:7 SB1004", "10:8 SB1004"].sorted(), "\(mistakes.map(\.description))")
    }

    @Test("--set holds a keyed parameter still at its value, in place of its keys")
    func setReplacesKeys() throws {
        let workspace = try Workspace()
        try workspace.write("grade.fsh", Self.shader)
        var composition = try workspace.load(Self.composition("  grade.amount: [[0, 1], [1, 2]]").replacingOccurrences(of: "output: grade", with: "output: grade\npublish: [grade.amount]"))
        try ParameterOverride.apply([ParameterOverride(name: "amount", values: [3])], to: &composition)
        #expect(composition.animation.isEmpty)
    }
}
