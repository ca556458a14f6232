import Foundation
import GPU
import ShaderGraph
import ShaderLanguage
import Testing

/// What the grid and the graph show of each node's cost: measured on one frame a quarter of a second, and
/// read from the GPU frames later without waiting, so a timed frame never stalls on its own figures.
@Suite("Timing each step", .serialized)
struct StepTimingTests {
    /// Two passes over 256×256 pixels, the second reading its input `reads` times a pixel where the first
    /// reads nothing, so with many reads their figures are told apart by arithmetic.
    func executor(reads: Int) throws -> (GPUWorkspace, GraphExecutor) {
        let workspace = try GPUWorkspace()
        try workspace.write("light.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.5); }\n")
        try workspace.write("heavy.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                highp vec4 sum = vec4(0.0);
                for (int i = 0; i < \(reads); i++) { sum += texture2D(inputImageTexture, textureCoordinate + vec2(float(i) * 0.001, 0.0)); }
                gl_FragColor = sum / \(reads).0;
            }
            """)
        let composition = try workspace.load("""
            size: [256, 256]
            nodes:
              light: { kind: shader, file: light.fsh }
              heavy: { kind: shader, file: heavy.fsh, inputs: { inputImageTexture: light } }
            output: heavy
            """)
        return (workspace, try GraphExecutor(composition: composition))
    }

    @Test("figures come in from the GPU frames after the frame timed, the heavy pass dearer than the light one")
    func figuresArrive() throws {
        let (workspace, executor) = try executor(reads: 400)
        defer { withExtendedLifetime(workspace) {} }
        executor.timesSteps = true
        #expect(executor.milliseconds(of: "heavy") == nil)
        // The first query of a fresh context has no start on llvmpipe (its figure is left unknown): a later timed
        // frame brings it.
        var frame = 0, timedFrames = 0
        while executor.milliseconds(of: "light") == nil || executor.milliseconds(of: "heavy") == nil, frame < 400 {
            try executor.renderFrame(FrameTime(index: frame, fps: 30))
            if executor.stepTimesChanged {
                timedFrames += 1
                Thread.sleep(forTimeInterval: 0.26)
            }
            frame += 1
        }
        #expect(timedFrames <= 2)
        let heavy = try #require(executor.milliseconds(of: "heavy")), light = try #require(executor.milliseconds(of: "light"))
        #expect(heavy > light * 5, "heavy \(heavy) ms, light \(light) ms")
        #expect(!executor.isWaitingForStepTimes)
    }

    @Test("within a quarter of a second of a timed frame no frame is timed again; after it, one is")
    func oneFrameAnInterval() throws {
        let (workspace, executor) = try executor(reads: 1)
        defer { withExtendedLifetime(workspace) {} }
        executor.timesSteps = true
        var frame = 0
        func render() throws {
            try executor.renderFrame(FrameTime(index: frame, fps: 30))
            frame += 1
        }
        repeat { try render() } while !executor.stepTimesChanged && frame < 200
        let start = ContinuousClock.now
        var changes = 0
        while ContinuousClock.now - start < .milliseconds(100) {
            try render()
            if executor.stepTimesChanged || executor.isWaitingForStepTimes { changes += 1 }
        }
        #expect(changes == 0, "frames were timed again within 100 ms of the last figures")
        Thread.sleep(forTimeInterval: 0.3)
        try render()
        repeat { try render() } while !executor.stepTimesChanged && frame < 400
        #expect(executor.stepTimesChanged, "no frame was timed after the interval")
    }
}
