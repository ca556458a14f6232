import Foundation
import Images
import Testing
import TestSupport

/// `--set` on the command line, for a lone shader (which publishes every parameter) and with mistakes.
@Suite("Setting parameters from the command line")
struct ParameterOverrideTests {
    @Test("a lone shader's parameter is set by its name: sepia at intensity 0 is the image itself")
    func loneShader() throws {
        let folder = try TemporaryFolder()
        let photo = Repository.path("images/landscape.jpg")
        let common = ["--input", photo, "--size", "64x40"]
        let set = try runShaderbench(["render", Repository.path("shaders/sepia.fsh"), "--set", "intensity=0", "--out", folder.file("b.png")] + common)
        #expect(set.status == 0, "\(set.error)")
        let reference = try runShaderbench(["render", Repository.path("shaders/brightness.fsh"), "--out", folder.file("c.png")] + common)
        #expect(reference.status == 0)
        #expect(try ImageFile.read(path: folder.file("b.png")) == ImageFile.read(path: folder.file("c.png")),
                "sepia at 0 and brightness at its default 0 both leave the image alone")
    }

    @Test("a value outside the shader's declared range is clamped, with a warning naming the option: sepia at 5 is sepia at 1")
    func outOfRange() throws {
        let folder = try TemporaryFolder()
        let common = ["--input", Repository.path("images/landscape.jpg"), "--size", "64x40"]
        let beyond = try runShaderbench(["render", Repository.path("shaders/sepia.fsh"), "--set", "intensity=5", "--out", folder.file("a.png")] + common)
        #expect(beyond.status == 0, "\(beyond.error)")
        #expect(beyond.error.split(separator: "\n").contains { $0.hasPrefix("--set intensity=5: warning: ") && $0.hasSuffix(" [SB2011]") },
                "\(beyond.error)")
        #expect(try runShaderbench(["render", Repository.path("shaders/sepia.fsh"), "--set", "intensity=1", "--out", folder.file("b.png")] + common).status == 0)
        #expect(try ImageFile.read(path: folder.file("a.png")) == ImageFile.read(path: folder.file("b.png")))
    }

    @Test("a value of the wrong size or a malformed setting is refused clearly")
    func mistakes() throws {
        let folder = try TemporaryFolder()
        let wrongSize = try runShaderbench(["render", Repository.path("shaders/sepia.fsh"), "--set", "intensity=1,2", "--out", folder.file("x.png")])
        #expect(wrongSize.status == 1)
        #expect(wrongSize.error.contains("--set intensity=1,2: error: sepia.intensity is float and needs 1 number, found 2"), "\(wrongSize.error)")
        let malformed = try runShaderbench(["render", Repository.path("shaders/sepia.fsh"), "--set", "intensity", "--out", folder.file("x.png")])
        #expect(malformed.status == 64, "\(malformed.error)")
    }
}
