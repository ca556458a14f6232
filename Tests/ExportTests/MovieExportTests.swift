import Foundation
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
}
