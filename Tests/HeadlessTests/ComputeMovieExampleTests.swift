import Foundation
import Images
import Testing
import TestSupport

/// The gallery's movie through kernels: the pass-through kernel hands each frame on unchanged, and the ripple
/// kernel, a ShaderToy shader ported, draws what the ShaderToy shader itself draws over the same frame.
@Suite("The compute movie example")
struct ComputeMovieExampleTests {
    /// Frame 20 of the example shown at `node`, with the ShaderToy original over the copied frame as `toy`.
    func frame(showing node: String, in folder: TemporaryFolder) throws -> RGBAImage {
        let example = try String(contentsOfFile: Repository.path("compositions/examples/compute-movie.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "../../", with: Repository.root + "/")
            .replacingOccurrences(of: "output: ripple", with: """
              toy: { kind: shader, file: \(Repository.path("shaders/examples/ripple.glsl")), inputs: { iChannel0: copy } }
            output: \(node)
            """)
        let path = try folder.write("\(node).yaml", example)
        let render = try runShaderbench(["render", path, "--size", "320x180", "--start", "20", "--frames", "1", "--out", folder.file("\(node).png")])
        #expect(render.status == 0, "\(render.error)")
        return try ImageFile.read(path: folder.file("\(node).png"))
    }

    @Test("the pass-through kernel's frame is the movie's, byte for byte; the ripple port matches the ShaderToy original")
    func kernelsDrawWhatTheyShould() throws {
        let folder = try TemporaryFolder()
        let (clip, copy) = (try frame(showing: "clip", in: folder), try frame(showing: "copy", in: folder))
        let (ripple, toy) = (try frame(showing: "ripple", in: folder), try frame(showing: "toy", in: folder))
        #expect(clip.width == 320 && clip.height == 180)
        #expect(copy.pixels == clip.pixels)
        let differences = zip(ripple.pixels, toy.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 99 <= 2, "the port differs from ShaderToy's by up to \(differences.max() ?? -1) levels")
        #expect(ripple.pixels != copy.pixels, "the ripple moves pixels")
    }
}
