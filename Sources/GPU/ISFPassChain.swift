import CGLES
import ShaderGraph
import ShaderLanguage

/// An ISF node's PASSES: the same program drawn once per pass with `PASSINDEX` set, each pass into its
/// TARGET's buffer (sized by its WIDTH/HEIGHT, float when FLOAT), which later passes read by name. A
/// PERSISTENT target keeps its image into the next frame, in two buffers that trade places after each
/// write, so a pass can read the target's last image while drawing its next; scratch targets are one
/// buffer. The last pass draws the node's image. IMPORTED images are loaded once and bound by name.
final class ISFPassChain {
    private struct Pass {
        var target: String?
        var size: PixelSize
    }

    private enum Buffer {
        case scratch(RenderTarget)
        case persistent(FeedbackBuffers)

        var current: RenderTarget {
            switch self {
            case .scratch(let target): target
            case .persistent(let buffers): buffers.previous
            }
        }

        var drawTarget: RenderTarget {
            switch self {
            case .scratch(let target): target
            case .persistent(let buffers): buffers.next
            }
        }
    }

    private let passes: [Pass]
    private var buffers: [String: Buffer] = [:]
    /// Pass targets and imported images, each on a texture unit of its own after the node's inputs.
    let namedImages: [(name: String, unit: Int)]
    private let imported: [String: RenderTarget]
    private let passIndexLocation: GLint
    private let renderSizeLocation: GLint
    /// The node's own output descriptor, for a last pass without a target.
    let output: TextureDescriptor

    /// Whether the node's image comes from the frame's pool (the last pass has no target).
    var outputIsPooled: Bool { passes.last?.target == nil }

    /// Each pass's size, in drawing order.
    var passSizes: [PixelSize] { passes.map(\.size) }

    init(_ chain: PassPlan.ISFChain, node: String, program: ShaderProgram, output: TextureDescriptor,
         resources: GraphResources) throws(DiagnosticsError) {
        self.output = output
        // No PASSES is one plain pass into the node's image (a shader that only imports images).
        passes = chain.passes.isEmpty ? [Pass(target: nil, size: output.size)] : chain.passes.map { pass in
            Pass(target: pass.target, size: pass.size(renderSize: output.size, inputs: chain.inputValues))
        }
        let oversized = zip(chain.passes, passes).filter { !$0.1.size.isWithinBudget }.map { pass, planned in
            Diagnostic.error("at a \(output.size) render, this pass's WIDTH and HEIGHT make it \(planned.size), \(PixelSize.overBudget)",
                             at: pass.location, code: .isfHeader)
        }
        guard oversized.isEmpty else { throw DiagnosticsError(oversized) }
        var imported: [String: RenderTarget] = [:]
        for image in chain.imported {
            imported[image.name] = try resources.image(at: image.path, location: image.location)
        }
        self.imported = imported
        for target in chain.targets {
            let pass = chain.passes[target.firstPass]
            let descriptor = TextureDescriptor(size: passes[target.firstPass].size, format: target.isFloat ? .rgba16f : .rgba8)
            do {
                buffers[target.name] = target.isPersistent
                    ? .persistent(try resources.feedbackBuffers(of: "\(node)/\(target.name)", target: descriptor))
                    : .scratch(try RenderTarget(descriptor))
            } catch {
                throw DiagnosticsError([.error(error.message, at: pass.targetLocation ?? pass.location)])
            }
        }
        namedImages = chain.namedImages
        glUseProgram(program.name)
        for (name, unit) in namedImages { glUniform1i(program.uniformLocation(name), GLint(unit)) }
        passIndexLocation = program.uniformLocation("PASSINDEX")
        renderSizeLocation = program.uniformLocation("RENDERSIZE")
    }

    /// Draws every pass with the program already in use, `bindInputs` binding the node's own inputs once each
    /// pass's target is in hand (a target the pool makes is bound on the active unit as it is made, which
    /// would otherwise take an input's place); returns the node's image (from `pool` when the last pass has no
    /// target). `afterPass` draws what goes beside each pass (a watch), told the pass's index and size,
    /// while the pass's images are still bound as it read them.
    func render(drawing quad: FullscreenQuad, pool: FramebufferPool, bindInputs: () -> Void,
                afterPass: (Int, PixelSize) -> Void) throws(GPUError) -> RenderTarget {
        var result: RenderTarget?
        for (index, pass) in passes.enumerated() {
            let target: RenderTarget
            if let name = pass.target, let buffer = buffers[name] {
                target = buffer.drawTarget
            } else {
                target = try pool.acquire(TextureDescriptor(size: pass.size, format: output.format))
            }
            bindInputs()
            for (name, unit) in namedImages {
                (buffers[name]?.current ?? imported[name])?.bind(toUnit: unit, filter: GL_LINEAR)
            }
            target.bindForDrawing()
            glUniform1i(passIndexLocation, GLint(index))
            glUniform2f(renderSizeLocation, Float(pass.size.width), Float(pass.size.height))
            quad.draw()
            afterPass(index, pass.size)
            if let name = pass.target, case .persistent(let buffers) = buffers[name] { buffers.advance() }
            if index == passes.count - 1 {
                result = pass.target.flatMap { buffers[$0]?.current } ?? target
            } else if pass.target == nil {
                // A middle pass without a target draws nothing anyone can read; its texture goes back.
                pool.release(target)
            }
        }
        guard let result else { throw GPUError("an ISF node has no passes to draw") }
        return result
    }
}
