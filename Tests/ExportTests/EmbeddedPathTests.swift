import Export
import Foundation
import Images
import TestSupport
import Testing

/// A Swift export embeds its files under the paths the composition names them by, so the code an app builds in
/// names no folder of the machine that exported it.
@Suite("The paths a Swift export embeds")
struct EmbeddedPathTests {
    @Test("files beside, above and outside the composition's folder, and a built-in filter, embed under paths from the composition, never the machine's folders")
    func pathsFromTheComposition() throws {
        let folder = try TemporaryFolder()
        try folder.write("project/shaders/tint.fsh", """
            precision mediump float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * vec4(1.0, 0.5, 0.5, 1.0); }
            """)
        try ImageFile.writePNG(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)), to: folder.makeFolder("pictures") + "/p.png")
        let composition = try folder.write("project/looks/c.yaml", """
            size: [8, 8]
            nodes:
              photo: { kind: image, file: ../../pictures/p.png }
              tint: { kind: shader, file: ../shaders/tint.fsh, inputs: { inputImageTexture: photo } }
              warm: { kind: shader, filter: sepia, inputs: { inputImageTexture: tint } }
            output: warm
            """)
        let written = try Exporter.export(composition: composition, as: .swift, into: folder.file("out"))
        let source = try String(contentsOfFile: try #require(written.files.first { $0.hasSuffix(".swift") }), encoding: .utf8)
        #expect(!source.contains(folder.path), "the export names the folder it was made in")
        #expect(!source.contains(Repository.path("shaders")), "the export names the checkout's filter folder")
        for path in ["\"c.yaml\"", "\"../shaders/tint.fsh\"", "\"../../pictures/p.png\"", "\"shaderbench-filters/sepia.fsh\""] {
            #expect(source.contains(path), "\(path) is not embedded")
        }
    }

    @Test("a path the composition writes absolute stays as written, and the export still loads")
    func absolutePathAsWritten() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("elsewhere/flat.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.25); }\n")
        let composition = try folder.write("project/c.yaml", "size: [4, 4]\nnodes:\n  flat: { kind: shader, file: \(shader) }\n")
        let written = try Exporter.export(composition: composition, as: .swift, into: folder.file("out"))
        let source = try String(contentsOfFile: try #require(written.files.first { $0.hasSuffix(".swift") }), encoding: .utf8)
        #expect(source.contains("\"\(shader)\""))
        #expect(!source.contains("\"\(folder.file("project"))"), "the composition's own folder is named")
    }
}
