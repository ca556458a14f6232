import CGLES
import ShaderGraph
import ShaderLanguage

/// One watched expression of the node a graph watches (`GraphExecutor.watch(_:of:)`): the node's pass drawn once
/// more right after it, with its shader instrumented (`WatchInstrumentation`) and the same inputs and values, into
/// two float images (`WatchTargets`). An ISF shader with PASSES draws it after each of its passes, into images of
/// that pass's size. Nothing the node reads is drawn again.
public final class ShaderWatchPass {
    public let watch: ShaderWatch
    /// Why it is not drawn: its line is not code, or its expression does not compile there; located at the watch.
    public let problem: Diagnostic?
    let pass: ShaderStep?
    /// One pair of images for each ISF pass, else one.
    let targets: [WatchTargets]
    /// The node's own size, which pixels are given in.
    let nodeSize: PixelSize
    /// Where an ISF shader with PASSES takes its pass's index and size, set before each pass's draw.
    let passIndexLocation: GLint
    let renderSizeLocation: GLint

    init(watch: ShaderWatch, problem: Diagnostic?, pass: ShaderStep?, targets: [WatchTargets], nodeSize: PixelSize) {
        self.watch = watch
        self.problem = problem
        self.pass = pass
        self.targets = targets
        self.nodeSize = nodeSize
        passIndexLocation = pass?.program.uniformLocation("PASSINDEX") ?? -1
        renderSizeLocation = pass?.program.uniformLocation("RENDERSIZE") ?? -1
    }

    /// How many images it draws: one for each of an ISF shader's PASSES, else one.
    public var passCount: Int { targets.count }

    /// What was recorded at the pixel (`x`, `y`) of the node's image in the last frame drawn; for an ISF shader
    /// with PASSES, in the last pass whose line ran at that place (mapped onto the pass's size).
    public func reading(x: Int, y: Int) -> ShaderWatchReading {
        var last = ShaderWatchReading(runs: 0, type: nil, value: [], pass: nil)
        for (index, images) in targets.enumerated() {
            var reading = images.reading(x: Self.map(x, from: nodeSize.width, to: images.size.width),
                                         y: Self.map(y, from: nodeSize.height, to: images.size.height))
            guard reading.runs > 0 else { continue }
            if targets.count > 1 { reading.pass = index }
            last = reading
        }
        return last
    }

    /// The value and runs images of pass `index` (0 unless the shader has PASSES), for showing over the frame.
    public func images(ofPass index: Int) -> (value: RenderTarget, runs: RenderTarget)? {
        guard targets.indices.contains(index) else { return nil }
        return (targets[index].value, targets[index].runs)
    }

    /// The pixel of a `to`-wide image under the middle of pixel `position` of a `from`-wide one.
    private static func map(_ position: Int, from: Int, to: Int) -> Int {
        from == to ? position : min(to - 1, Int((Double(position) + 0.5) / Double(from) * Double(to)))
    }
}
