import CGLES
import ShaderGraph

/// Draws a freshly linked program once, on the current context, into a target like the one its pass
/// renders to and with inputs like its own, then waits for it. Mesa's llvmpipe compiles a program to
/// machine code at its first draw (tens of milliseconds for a small shader, seconds for large unrolled
/// loops), keyed on the state of that draw: texture formats, sizes that are or are not powers of two,
/// filters, wrap modes. Matching the pass's own state lets that work happen on a compiling thread and be
/// found again in Mesa's shader cache when the window first draws with the program.
public enum ProgramWarmUp {
    /// What a pass draws into and samples from.
    public struct Layout: Sendable {
        public var target: TextureDescriptor
        public var inputs: [Input]

        public struct Input: Sendable {
            public var texture: TextureDescriptor
            public var linearFilter: Bool

            public init(texture: TextureDescriptor, linearFilter: Bool) {
                self.texture = texture
                self.linearFilter = linearFilter
            }
        }

        public init(target: TextureDescriptor, inputs: [Input]) {
            self.target = target
            self.inputs = inputs
        }
    }

    /// `samplers` are the shader's image inputs in declaration order, bound to units as the executor binds them.
    public static func draw(_ program: LinkedProgram, samplers: [String], layout: Layout) {
        guard let target = try? RenderTarget(layout.target), let quad = try? FullscreenQuad() else { return }
        let inputs = layout.inputs.compactMap { input in (try? RenderTarget(input.texture)).map { ($0, input.linearFilter) } }
        target.bindForDrawing()
        // One pixel is enough to compile every variant the draw needs; filling the target would only take
        // rasterising time from the window's frames.
        glViewport(0, 0, 1, 1)
        glUseProgram(program.name)
        for (unit, (sampler, (texture, linear))) in zip(samplers, inputs).enumerated() {
            glUniform1i(glGetUniformLocation(program.name, sampler), GLint(unit))
            texture.bind(toUnit: unit, filter: linear ? GL_LINEAR : GL_NEAREST)
        }
        // Everything the draw uses must live until it has finished: freed early (an optimised build may free
        // `inputs` right after its last use above), a texture leaves its unit empty, the driver samples a
        // stand-in texture, and the compiled variant is not the one the window's draw needs.
        withExtendedLifetime((target, quad, inputs)) {
            quad.draw()
            glFinish()
        }
        glUseProgram(0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
