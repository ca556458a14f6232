import Foundation
import TestSupport
import Testing

/// `render --start K` gives the same PNG, byte for byte, as frame K of one render from frame 0, however much the
/// composition carries from frame to frame; and draws no frame before K where nothing is carried.
@Suite("Ranges of a render", .serialized)
struct RenderRangeTests {
    /// Adds a step to its own last frame: after frame k it holds k + 1 steps.
    let accumulating = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D previousOutput;

        void main() {
            gl_FragColor = texture2D(previousOutput, textureCoordinate) + vec4(6.0 / 255.0, 4.0 / 255.0, 2.0 / 255.0, 8.0 / 255.0);
        }
        """

    let copying = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;

        void main() {
            gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
        }
        """

    /// Renders frames 0 to `frame` in one go and frame `frame` on its own into `folder`, and returns both PNG
    /// files' bytes with what the range's render printed.
    private func longAndRange(_ path: String, frame: Int, in folder: TemporaryFolder, size: String = "8x4",
                              _ arguments: [String] = []) throws -> (long: Data, range: Data, printed: String) {
        let long = try runShaderbench(["render", path, "--out", folder.file("long-%d.png"), "--size", size, "--frames", "\(frame + 1)"] + arguments)
        #expect(long.status == 0, "\(long.error)")
        let range = try runShaderbench(["render", path, "--out", folder.file("range-%d.png"), "--size", size, "--start", "\(frame)",
                                        "--frames", "1"] + arguments)
        #expect(range.status == 0, "\(range.error)")
        return (try Data(contentsOf: URL(fileURLWithPath: folder.file("long-\(frame).png"))),
                try Data(contentsOf: URL(fileURLWithPath: folder.file("range-\(frame).png"))), range.error)
    }

    @Test("an ISF shader with a PERSISTENT target: --start 30 is frame 30 of a 31-frame render, and says it draws frames 0–29 first")
    func persistentISFPass() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("sum.fs", """
            /*{ "INPUTS": [], "PASSES": [ { "TARGET": "sum", "PERSISTENT": true }, { } ] }*/
            void main() {
                if (PASSINDEX == 0) gl_FragColor = IMG_THIS_PIXEL(sum) + vec4(5.0 / 255.0);
                else gl_FragColor = IMG_THIS_PIXEL(sum);
            }
            """)
        let (long, range, printed) = try longAndRange(shader, frame: 30, in: folder)
        #expect(long == range)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.first == "drawing frames 0–29 first, without writing them: 'sum' keeps its PERSISTENT target 'sum'", "\(printed)")
        #expect(lines.contains("frame 30/30 before the range drawn, not written"), "\(printed)")
        #expect(lines.last == "frame 1/1 → \(folder.file("range-30.png"))", "\(printed)")
    }

    @Test("a shader wired to its own previous frame: a range is the same frames of the long render")
    func feedbackNode() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("add.fsh", accumulating)
        let composition = try folder.write("feedback.yaml", """
            composition: 1
            nodes:
              sum: { kind: shader, file: add.fsh, inputs: { previousOutput: sum } }
            output: sum
            """)
        let (long, range, _) = try longAndRange(composition, frame: 20, in: folder)
        #expect(long == range)
    }

    @Test("a shader that reads another node's previous frame through previous: — a range is the same frames of the long render")
    func previousFrameOfAnother() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("add.fsh", accumulating)
        _ = try folder.write("copy.fsh", copying)
        let composition = try folder.write("previous.yaml", """
            composition: 1
            nodes:
              add: { kind: shader, file: add.fsh, inputs: { previousOutput: shown }, previous: [previousOutput] }
              shown: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: add } }
            output: shown
            """)
        let (long, range, _) = try longAndRange(composition, frame: 20, in: folder)
        #expect(long == range)
    }

    @Test("a ShaderToy buffer that reads its own last frame (the embers example): a range is the same frames of the long render")
    func shaderToyBuffer() throws {
        let folder = try TemporaryFolder()
        let (long, range, _) = try longAndRange("compositions/examples/shadertoy-embers/embers.yaml", frame: 12, in: folder, size: "64x36")
        #expect(long == range)
    }

    @Test("a trail over a movie: the frames drawn before the range show the movie's frames as the long render's do")
    func feedbackOverMovie() throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("movie-trail.yaml", """
            composition: 1
            nodes:
              clip: { kind: movie, file: \(Repository.path("media/sunset-clip.mp4")) }
              trail:
                kind: shader
                file: \(Repository.path("shaders/examples/trail.fsh"))
                inputs: { inputImageTexture: clip, previousOutput: trail }
            output: trail
            """)
        let (long, range, _) = try longAndRange(composition, frame: 12, in: folder, size: "32x18")
        #expect(long == range)
    }

    @Test("a composition that carries nothing from frame to frame draws only the range: no frame before it, and the same PNG")
    func statelessRangeDrawsNothingBefore() throws {
        let folder = try TemporaryFolder()
        let (long, range, printed) = try longAndRange("compositions/sepia.yaml", frame: 30, in: folder, size: "32x18")
        #expect(long == range)
        #expect(printed.split(separator: "\n") == ["frame 1/1 → \(folder.file("range-30.png"))"], "\(printed)")
    }

    @Test("check says where a range cannot be exact: state carried over a live camera's frames (SB6005), and nothing elsewhere")
    func cameraWithStateAtCheck() throws {
        let camera = try runShaderbench(["check", "compositions/examples/camera-trail.yaml"])
        #expect(camera.status == 0, "\(camera.error)")
        #expect(camera.error.contains("warning: a render from a --start after 0 cannot be the same frames of one long render: "
                                      + "'trail' keeps its last frame, which is read as a previous frame, and the frames drawn before the range "
                                      + "take the frames camera 'camera' gives now, not those a long render would have had [SB6005]"), "\(camera.error)")
        let movie = try runShaderbench(["check", "compositions/examples/shadertoy-embers/embers.yaml"])
        #expect(movie.status == 0, "\(movie.error)")
        #expect(!movie.error.contains("SB6005"), "\(movie.error)")
    }

    @Test("check --plan says what is kept from frame to frame")
    func planSaysWhatIsKept() throws {
        let kept = try runShaderbench(["check", "compositions/examples/shadertoy-embers/embers.yaml", "--plan"])
        #expect(kept.output.contains("kept from frame to frame, so a render from --start K draws frames 0 to K - 1 first, unwritten: "
                                     + "'buffer-a' keeps its last frame, which is read as a previous frame\n"), "\(kept.output)")
        let none = try runShaderbench(["check", "compositions/sepia.yaml", "--plan"])
        #expect(none.output.contains("nothing is kept from frame to frame: a render from --start K draws no frame before K\n"), "\(none.output)")
    }
}
