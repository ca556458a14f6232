import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing

/// Watches drawn beside their node's pass (`GraphExecutor.watch(_:of:)`): what they cost in passes, what they
/// read in each ISF pass, and the range the window's false colours are drawn over.
@Suite("Watch passes", .serialized)
struct WatchPassTests {
    /// A blur of a gradient image, read by `watched.fsh` at its own pixel: the two fuse unless told not to.
    static let chain = """
        size: [16, 8]
        nodes:
          photo: { kind: image, file: gradient.png }
          soft: { kind: shader, file: soft.fsh, inputs: { inputImageTexture: photo } }
          watched: { kind: shader, file: watched.fsh, inputs: { inputImageTexture: soft } }
        output: watched
        """

    static let soft = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() {
            gl_FragColor = 0.5 * (texture2D(inputImageTexture, textureCoordinate + vec2(0.0625, 0.0)) + texture2D(inputImageTexture, textureCoordinate));
        }
        """

    static let watched = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() {
            highp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
            highp float ramp = textureCoordinate.x * 4.0 - 1.0;
            if (textureCoordinate.y > 0.5) {
                ramp = ramp * 2.0;
            }
            gl_FragColor = vec4(colour.rgb, 1.0);
        }
        """

    /// The chain, planned as the window plans a watched node: a pass of its own.
    func executor(in workspace: GPUWorkspace) throws -> GraphExecutor {
        try workspace.writePNG("gradient.png", gradientImage(width: 16, height: 8))
        try workspace.write("soft.fsh", Self.soft)
        try workspace.write("watched.fsh", Self.watched)
        return try GraphExecutor(plan: try FramePlan(try workspace.load(Self.chain), keeping: ["soft"], unfused: ["watched"]))
    }

    @Test("a node drawn as one program with the nodes before it cannot be watched, and says so at the node")
    func fusedNode() throws {
        let workspace = try GPUWorkspace()
        _ = try executor(in: workspace)
        let fused = try GraphExecutor(composition: try workspace.load(Self.chain))
        let passes = fused.watch([ShaderWatch(line: 5, expression: "ramp")], of: "watched")
        #expect(passes.first?.problem?.code == .watch)
        #expect(passes.first?.problem?.location?.line == 5)
        let before = fused.passesDrawn
        try fused.renderFrame(FrameTime(index: 0, fps: 30))
        #expect(fused.passesDrawn - before == 1, "the fused program alone")
    }

    @Test("each watch costs one pass of the watched node, nothing upstream is drawn again, and none are drawn once unwatched")
    func onePassAWatch() throws {
        let workspace = try GPUWorkspace()
        let executor = try executor(in: workspace)
        func drawsOfOneFrame(_ index: Int) throws -> Int {
            let before = executor.passesDrawn
            try executor.renderFrame(FrameTime(index: index, fps: 30))
            return executor.passesDrawn - before
        }
        let plain = try drawsOfOneFrame(0)
        #expect(plain == 2)
        let passes = executor.watch([ShaderWatch(line: 4, expression: "colour"), ShaderWatch(line: 5, expression: "ramp")], of: "watched")
        #expect(passes.allSatisfy { $0.problem == nil }, "\(passes.compactMap(\.problem))")
        #expect(try drawsOfOneFrame(1) == plain + 2)
        // The watched colour is the blur's own pixel, which the watch read without drawing the blur again (to within
        // the fraction of a level llvmpipe's sampling of 8-bit texels differs by).
        let soft = try #require(executor.image(of: "soft")).readPixel(x: 5, y: 2)
        let colour = passes[0].reading(x: 5, y: 2)
        #expect(colour.type == "vec4" && colour.runs == 1)
        #expect(zip(colour.value, soft).allSatisfy { abs($0 - $1) < 1.0 / 1024 }, "\(colour.value) against \(soft)")
        let ramp: Float = 5.5 / 16 * 4 - 1
        #expect(passes[1].reading(x: 5, y: 2).value == [ramp])
        executor.watch([], of: "watched")
        #expect(try drawsOfOneFrame(2) == plain)
    }

    @Test("in an ISF shader with PASSES a watch is read in the pass its line ran in, at each pass's own size")
    func isfPasses() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("passes.fs", """
            /*{ "PASSES": [ { "TARGET": "small", "WIDTH": "$WIDTH/2", "HEIGHT": "$HEIGHT/2" }, { } ] }*/
            void main() {
                float where_ = 0.0;
                if (PASSINDEX == 0) {
                    where_ = isf_FragNormCoord.x + 10.0;
                    gl_FragColor = vec4(isf_FragNormCoord, 0.0, 1.0);
                } else {
                    where_ = isf_FragNormCoord.y + 20.0;
                    gl_FragColor = IMG_NORM_PIXEL(small, isf_FragNormCoord);
                }
            }
            """)
        let executor = try GraphExecutor(composition: try workspace.load("size: [16, 8]\nnodes:\n  fx: { kind: shader, file: passes.fs }\n"))
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        let plain = executor.passesDrawn
        let passes = executor.watch([ShaderWatch(line: 5, expression: "where_"), ShaderWatch(line: 8, expression: "where_")], of: "fx")
        #expect(passes.allSatisfy { $0.problem == nil && $0.passCount == 2 }, "\(passes.compactMap(\.problem))")
        try executor.renderFrame(FrameTime(index: 1, fps: 30))
        #expect(executor.passesDrawn - plain == 2 + 2 * 2, "two passes, each watched twice")
        // Pixel 13 of 16 is pixel 6 of the first pass's 8: its centre is 6.5 / 8 across.
        let first = passes[0].reading(x: 13, y: 3)
        // ISF's coordinates run up: row 3 from the top of 8 is 4.5 / 8 up.
        let across: Float = 6.5 / 8 + 10, up: Float = 4.5 / 8 + 20
        #expect(first.pass == 0 && first.runs == 1 && first.value == [across])
        let second = passes[1].reading(x: 13, y: 3)
        #expect(second.pass == 1 && second.value == [up], "\(second)")
        let colours = try WatchFalseColour()
        #expect(try colours.draw(passes[0]).pass == 0)
        let shown = try colours.draw(passes[1])
        let rows: ClosedRange<Float> = Float(0.5 / 8 + 20)...Float(7.5 / 8 + 20)
        #expect(shown.pass == 1 && shown.range == rows)
    }

    @Test("the false colours' range is found on the GPU over the pixels where the line ran, every component of a vector counted")
    func range() throws {
        let workspace = try GPUWorkspace()
        let executor = try executor(in: workspace)
        let passes = executor.watch([ShaderWatch(line: 7, expression: "ramp"), ShaderWatch(line: 5, expression: "vec3(ramp, -7.0, 3.0)"),
                                     ShaderWatch(line: 4, expression: "colour.a > 2.0")], of: "watched")
        try executor.renderFrame(FrameTime(index: 0, fps: 30))
        let colours = try WatchFalseColour()
        // Line 7 runs in the lower small only, where the ramp is doubled.
        let lower = try colours.draw(passes[0])
        let doubled: ClosedRange<Float> = Float((0.5 / 16 * 4 - 1) * 2)...Float((15.5 / 16 * 4 - 1) * 2)
        #expect(lower.type == "float" && lower.range == doubled)
        let vector = try colours.draw(passes[1])
        #expect(vector.type == "vec3" && vector.range == Float(-7)...Float(3))
        let never = try colours.draw(passes[2])
        #expect(never.type == "bool" && never.range == Float(0)...Float(0))
        let image = never.image.readPixels()
        #expect(image.width == 16 && image[3, 3].r < 40, "false is dark blue")
    }
}
