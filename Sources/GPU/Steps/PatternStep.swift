import CGLES
import ShaderGraph
import ShaderLanguage

/// A pattern node: a built-in pattern (`TestPattern`) drawn into a pooled target each frame.
struct PatternStep: BoundStep {
    let program: ShaderProgram
    /// Where its time goes; -1 for the patterns that stand still.
    let timeLocation: GLint
    let target: TextureDescriptor

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .pattern(let pattern) = planned.work else { return (nil, binding.renderSize) }
        let size = pattern.size ?? binding.renderSize
        let node = planned.node.name
        do {
            let program = try binding.resources.program(for: try TestPattern.prepared(pattern.picture), node: node)
            binding.programs[node] = program
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("size"), Float(size.width), Float(size.height))
            return (PatternStep(program: program, timeLocation: program.uniformLocation("time"), target: TextureDescriptor(size: size)), size)
        } catch {
            binding.diagnostics += error.diagnostics
            return (nil, size)
        }
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let image = try frame.pool.acquire(target)
        image.bindForDrawing()
        glUseProgram(program.name)
        glUniform1f(timeLocation, Float(frame.state.time.seconds))
        frame.quad.draw()
        frame.images[index] = image
    }

    var isPooled: Bool { true }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        // The moving pattern reads the time; noise and the checkerboard stand still.
        timeLocation >= 0 ? .continuous : .still
    }
}
