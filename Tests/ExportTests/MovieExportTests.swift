import Foundation
import ShaderbenchKit
import TestSupport
import Testing

/// A movie node exports as an input the app feeds, like a camera: exported code links no FFmpeg.
@Suite("Exporting movie nodes")
struct MovieExportTests {
    static let composition = """
        composition: 1
        size: [64, 48]
        nodes:
          clip: { kind: movie, file: clip.mp4 }
          tone: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
        output: tone
        """

    @Test("in C, a movie node is an input set from a texture, and nothing of FFmpeg appears")
    func c() throws {
        let folder = try TemporaryFolder()
        try folder.write("clip.mp4", "never read: the app feeds its frames")
        let path = try folder.write("film.yaml", Self.composition)
        let result = try runShaderbench(["export", path, "--c", folder.file("out")], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let header = try String(contentsOfFile: folder.file("out/film.h"), encoding: .utf8)
        let source = try String(contentsOfFile: folder.file("out/film.c"), encoding: .utf8)
        #expect(header.contains("film_set_input_clip("))
        #expect(!(header + source).contains("avcodec") && !(header + source).contains("clip.mp4\\\""))
        let compiled = try runProcess("/usr/bin/cc", ["-std=c99", "-pedantic", "-Werror", "-c", folder.file("out/film.c"),
                                                      "-o", folder.file("film.o")], in: folder.path)
        #expect(compiled.status == 0, "\(compiled.error)")
    }

    @Test("in Swift, a movie node is fed from a texture or pixels")
    func swift() throws {
        let folder = try TemporaryFolder()
        try folder.write("clip.mp4", "never read")
        let path = try folder.write("film.yaml", Self.composition)
        let result = try runShaderbench(["export", path, "--swift", folder.file("out")], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let source = try String(contentsOfFile: folder.file("out/Film.swift"), encoding: .utf8)
        #expect(source.contains("func setClip(texture:"), "\(source.prefix(2000))")
        #expect(source.contains("movie in the composition"))
    }

    /// Three movies: one keyed (forward, held, back), one fast from a later start and looping, one held at its end.
    static let timed = """
        composition: 1
        size: [16, 16]
        nodes:
          clip: { kind: movie, file: a.mp4 }
          fast: { kind: movie, file: b.mp4, speed: 2, start: 0.5 }
          held: { kind: movie, file: c.mp4, loop: false }
          mix: { kind: shader, file: mix.fsh, inputs: { first: clip, second: fast, third: held } }
        output: mix
        animate:
          clip.time: [[0, 0], [1, 1, hold], [1.5, 1], [2, 0]]
        """

    static let mix = """
        precision mediump float;
        varying vec2 textureCoordinate;
        uniform sampler2D first, second, third;
        void main() { gl_FragColor = texture2D(first, textureCoordinate) + texture2D(second, textureCoordinate) + texture2D(third, textureCoordinate); }
        """

    /// (input, composition seconds, movie duration (0: unknown), the moment to feed), each worked out from the
    /// composition: the keys' segments, start + seconds × speed wrapped round a 3 s movie, held at its end.
    static let moments: [(String, Double, Double, Double)] = [
        ("clip", 0.5, 3, 0.5), ("clip", 1.25, 3, 1), ("clip", 1.75, 3, 0.5), ("clip", 3, 3, 0),
        ("fast", 0.25, 3, 1), ("fast", 2, 3, 1.5), ("fast", 2, 0, 4.5),
        ("held", 1, 3, 1), ("held", 5, 3, 3),
    ]

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["a.mp4", "b.mp4", "c.mp4"] { try folder.write(name, "never read") }
        try folder.write("mix.fsh", Self.mix)
        return folder
    }

    @Test("C: each movie input has a function giving the moment to feed, keyed, sped up, looped or held as the workbench plays it")
    func cMovieTimes() throws {
        let folder = try Self.folder()
        let path = try folder.write("timed.yaml", Self.timed)
        let result = try runShaderbench(["export", path, "--c", folder.file("out")], in: folder.path)
        try #require(result.status == 0, "\(result.error)")
        let calls = Self.moments.map { input, seconds, duration, _ in
            "    printf(\"%.17g\\n\", timed_movie_time_\(input)(\(seconds), \(duration)));"
        }
        try folder.write("out/times.c", "#include <stdio.h>\n#include \"timed.h\"\nint main(void) {\n\(calls.joined(separator: "\n"))\n    return 0;\n}\n")
        let out = folder.file("out")
        try ExportBuild.require(ExportBuild.run("/usr/bin/cc", ExportBuild.strictC + ["times.c", "timed.c", "-o", "times", "-lGLESv2", "-lEGL", "-lm"],
                                                in: out), "cc")
        let printed = try ExportBuild.run(out + "/times", [], in: out)
        try ExportBuild.require(printed, "times")
        let numbers = printed.output.split(separator: "\n").compactMap { Double($0) }
        #expect(numbers == Self.moments.map(\.3), "\(printed.output)")
    }

    @Test("Swift: the exported type gives each movie input's moment, and ShaderbenchKit plays the composition's timing")
    func swiftMovieTimes() throws {
        let folder = try Self.folder()
        let path = try folder.write("timed.yaml", Self.timed)
        let result = try runShaderbench(["export", path, "--swift", folder.file("out")], in: folder.path)
        try #require(result.status == 0, "\(result.error)")
        let source = try String(contentsOfFile: folder.file("out/Timed.swift"), encoding: .utf8)
        for input in ["clip", "fast", "held"] {
            #expect(source.contains("public func \(input)Time(at seconds: Double, duration: Double?) -> Double {"), "\(input)")
        }
        let files = try ["timed.yaml", "mix.fsh"].reduce(into: [String: String]()) { files, name in
            files[name] = try String(contentsOfFile: folder.file(name), encoding: .utf8)
        }
        let graph = try EmbeddedComposition(path: "timed.yaml", files: files, inputs: ["clip", "fast", "held"],
                                            inputFiles: ["a.mp4", "b.mp4", "c.mp4"], filterFolder: Repository.path("Sources/ShaderLanguage/Filters"))
        for (input, seconds, duration, moment) in Self.moments {
            #expect(graph.movieTime(of: input, at: seconds, duration: duration > 0 ? duration : nil) == moment, "\(input) at \(seconds)")
        }
        #expect(graph.movieTime(of: "mix", at: 1, duration: 3) == nil)
    }
}
