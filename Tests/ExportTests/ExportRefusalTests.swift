import Foundation
import Images
import TestSupport
import Testing

/// What an export cannot carry is refused at its line, with what to do instead; nothing is dropped silently
/// and nothing is written.
@Suite("Exports refuse what they cannot carry")
struct ExportRefusalTests {
    static func writeImage(_ path: String) throws {
        try ImageFile.writePNG(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)), to: path)
    }

    @Test("a sequence node, which reads files while it runs, is refused at its line", arguments: ["c", "swift"])
    func sequence(language: String) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("frames"), withIntermediateDirectories: true)
        for index in 1...2 { try Self.writeImage(folder.file("frames/\(String(format: "%04d", index)).png")) }
        let composition = try folder.write("clip.yaml", """
            composition: 1
            nodes:
              clip: { kind: sequence, files: frames/%04d.png }
              tone: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
            output: tone
            """)
        let result = try runShaderbench(["export", composition, "--\(language)", folder.file("out")], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error.contains("clip.yaml:3:"), "located at the node: \(result.error)")
        #expect(result.error.contains("error: node 'clip': a sequence reads numbered files while it runs") && result.error.contains("image node and feed each frame to that input [SB6301]\n"),
                "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")), "nothing is written")
    }

    @Test("an audio node, which decodes or captures sound while it runs, is refused at its line")
    func audio() throws {
        let folder = try TemporaryFolder()
        try folder.write("bars.fs", """
            /*{ "INPUTS": [ { "NAME": "spectrum", "TYPE": "audioFFT" } ] }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(spectrum, isf_FragNormCoord); }
            """)
        let composition = try folder.write("bars.yaml", """
            composition: 1
            nodes:
              live: { kind: audio }
              bars: { kind: shader, file: bars.fs, inputs: { spectrum: live } }
            output: bars
            """)
        let result = try runShaderbench(["export", composition, "--c", folder.file("out")], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error.contains("bars.yaml:3:"), "located at the node: \(result.error)")
        #expect(result.error.contains("node 'live': an audio node decodes or captures sound while it runs"), "\(result.error)")
    }

    @Test("a draw node, whose mesh and depth neither export draws, is refused at its line", arguments: ["c", "swift"])
    func draw(language: String) throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("cube.yaml", """
            composition: 1
            nodes:
              cube: { kind: draw, mesh: cube }
            output: cube
            """)
        let result = try runShaderbench(["export", composition, "--\(language)", folder.file("out")], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error.contains("cube.yaml:3:"), "located at the node: \(result.error)")
        #expect(result.error.contains("node 'cube': a draw node's mesh and depth are drawn by the workbench only") && result.error.contains("[SB6301]"),
                "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")), "nothing is written")
    }

    @Test("an ISF shader's IMPORTED image is refused at its entry in the header")
    func importedImage() throws {
        let folder = try TemporaryFolder()
        try Self.writeImage(folder.file("logo.png"))
        try folder.write("stamp.fs", """
            /*{
                "ISFVSN": "2.0",
                "IMPORTED": { "logo": { "PATH": "logo.png" } }
            }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(logo, isf_FragNormCoord); }
            """)
        let composition = try folder.write("stamp.yaml", """
            composition: 1
            nodes:
              stamp: { kind: shader, file: stamp.fs }
            output: stamp
            """)
        let result = try runShaderbench(["export", composition, "--c", folder.file("out")], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error.contains("stamp.fs:3:"), "located in the header: \(result.error)")
        #expect(result.error.contains("ISF IMPORTED images ('logo')"), "\(result.error)")
    }

    @Test("both languages or neither is a usage error")
    func usage() throws {
        let neither = try runShaderbench(["export", Repository.path("compositions/sepia.yaml")])
        #expect(neither.status != 0)
        #expect(neither.error.contains("give one of --swift DIR or --c DIR"), "\(neither.error)")
    }

    @Test("a lone blend exports an input for each image, and a lone shader's mistake is reported at its own line")
    func loneShaders() throws {
        let folder = try TemporaryFolder()
        let blend = try runShaderbench(["export", Repository.path("shaders/blend-multiply.fsh"), "--c", folder.file("blend")])
        #expect(blend.status == 0, "\(blend.error)")
        let header = try String(contentsOfFile: folder.file("blend/blend_multiply.h"), encoding: .utf8)
        #expect(header.contains("blend_multiply_set_input_input(") && header.contains("blend_multiply_set_input_input2("), "\(header)")
        let broken = try folder.write("broken.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform lowp float amount; // default: 1, range: 0..1
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """)
        let refused = try runShaderbench(["export", broken, "--swift", folder.file("broken")])
        #expect(refused.status == 1)
        #expect(refused.error.contains("broken.fsh:3:"), "\(refused.error)")
    }
}
