import Foundation
import TestSupport
import Testing

/// What an export carries but the user should know about is said as the export is written.
@Suite("Exports say what they changed")
struct ExportWarningTests {
    @Test("a value outside its shader's range is exported clamped, with the warning render and check give", arguments: ["c", "swift"])
    func valueOutsideItsRange(language: String) throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("warm.yaml", """
            nodes:
              bars: { kind: pattern }
              tone: { kind: shader, filter: sepia, inputs: { inputImageTexture: bars }, uniforms: { intensity: 1.5 } }
            """)
        let result = try runShaderbench(["export", composition, "--\(language)", folder.file("out")], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let warning = result.error.split(separator: "\n").first ?? ""
        #expect(warning.hasPrefix("\(composition):3:100: warning: 'intensity' is 1.5") && warning.hasSuffix(" [SB2011]"), "\(result.error)")
    }
}
