import GPU
import LiveSources
import ShaderGraph
import Testing
import TestSupport

/// A movie moves a window at its own rate while it plays, and not once one that does not loop is held at its end.
@Suite("A movie's motion", .serialized)
struct MovieMotionTests {
    @Test("a movie that does not loop moves until it is held at its end, then is still; one that loops keeps moving", arguments: [false, true])
    func heldAtItsEnd(loop: Bool) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let folder = try TemporaryFolder()
        var clip = TestClip(width: 32, height: 24, fps: 10, frames: 5)
        clip.videoCodec = "rawvideo"
        try clip.write(to: folder.file("clip.nut"))
        let composition = try CompositionLoader.load(path: try folder.write("c.yaml", """
            nodes:
              clip: { kind: movie, file: clip.nut, loop: \(loop) }
              tint: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
            output: tint
            """))
        let executor = try GraphExecutor(composition: composition, resources: GraphResources(sources: StandardFrameSources()))
        executor.cameraWait = 10
        _ = try executor.renderFrame(FrameTime(index: 0, seconds: 0.1))
        #expect(executor.motion(of: "tint") == .movieFrames)
        _ = try executor.renderFrame(FrameTime(index: 1, seconds: 2))
        #expect(executor.motion(of: "tint") == (loop ? .movieFrames : .still))
    }
}
