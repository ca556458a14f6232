import Export
import Foundation
import TestSupport
import Testing

/// A shader's `#include`s are resolved as the export is made: both exports carry the included text, so the app
/// needs none of the included files or folders.
@Suite("Exports of shaders that include files")
struct IncludeExportTests {
    @Test("the Swift and C exports of a shader including a file from an include folder carry its text and no #include", arguments: [Exporter.Language.swift, .c])
    func includedTextCarried(language: Exporter.Language) throws {
        let folder = try TemporaryFolder()
        try folder.write("lib/tint.glsl", "vec4 tintFromLibrary() { return vec4(0.2, 0.6, 0.4, 1.0); }\n")
        try folder.write("s.fsh", "precision mediump float;\n#include \"tint.glsl\"\nvoid main() { gl_FragColor = tintFromLibrary(); }\n")
        let composition = try folder.write("c.yaml", "size: [8, 8]\ninclude: [lib]\nnodes:\n  s: { kind: shader, file: s.fsh }\n")
        let written = try Exporter.export(composition: composition, as: language, into: folder.file("out"))
        let text = try written.files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        #expect(text.contains("tintFromLibrary() { return vec4(0.2, 0.6, 0.4, 1.0); }"))
        #expect(!text.contains("#include \\\"tint.glsl\\\"") && !text.contains("#include \"tint.glsl\""))
    }

    @Test("the guide's page on shaders says exports follow includes, as the test above shows they do")
    func guideSaysExportsFollowIncludes() throws {
        let page = try String(contentsOfFile: Repository.path("docs/shaders.md"), encoding: .utf8)
        let section = try #require(page.range(of: "## Including files").map { page[$0.upperBound...] }?.components(separatedBy: "\n## ").first)
        let flat = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Exports follow includes"), "\(flat)")
        #expect(!flat.contains("do not follow includes"), "\(flat)")
    }
}
