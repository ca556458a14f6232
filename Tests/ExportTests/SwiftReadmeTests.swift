import Foundation
import TestSupport
import Testing

/// What a Swift export tells its reader: the README and the properties' doc comments.
@Suite("The Swift export's README and comments")
struct SwiftReadmeTests {
    @Test("the README names the properties that exist, and a property's range reads as numbers, not arrays")
    func propertiesAsTheyAre() throws {
        let folder = try TemporaryFolder()
        let result = try runShaderbench(["export", "compositions/sepia.yaml", "--swift", folder.path])
        #expect(result.status == 0, "\(result.error)")
        let readme = try String(contentsOfFile: folder.file("Sepia-README.md"), encoding: .utf8)
        #expect(readme.contains("parameters are properties, clamped to their ranges: `intensity`."), "\(readme)")
        let source = try String(contentsOfFile: folder.file("Sepia.swift"), encoding: .utf8)
        #expect(source.contains("public var intensity: Float {"))
        #expect(source.contains("/// sepia.intensity: float, \"Intensity (0 = original)\", from 0.0 to 1.0\n"), "\(source)")
        #expect(!source.contains("from [0.0]"))
    }
}
