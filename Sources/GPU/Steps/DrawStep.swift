import CGLES
import ShaderGraph
import ShaderLanguage

/// A draw node, bound once: its two stages linked with the mesh's attributes on their slots, the mesh uploaded,
/// an image of its own with a depth texture (which depth nodes read), and the camera's matrices and literal uniforms written. Each frame it
/// clears both, sets the clock and its wired uniforms, binds its inputs and draws the mesh with depth.
///
/// The workbench keeps row 0 of an image at its top, so the projection it gives the stages turns y over (the
/// picture then comes out upright) and front faces are wound clockwise on screen; the fragment stage counts
/// `gl_FragCoord` from the bottom and samples images with t = 0 at their bottom row, as GL hosts do. A class: it
/// owns its program and depth buffer.
final class DrawStep: BoundStep {
    let plan: DrawPlan
    let program: GLObject
    /// Each mesh's buffers and the mode it is drawn in, in drawing order.
    let meshes: [(buffers: MeshBuffers, mode: GLenum)]
    let target: RenderTarget
    let depth: GLObject
    let inputs: [(source: Int, unit: Int)]
    let wired: [WiredUniform]
    /// `u_time`, `u_delta` and `u_frame`, -1 where the program does not read them.
    let clock: (time: GLint, delta: GLint, frame: GLint)
    /// The camera it draws through: the node's, until the window's orbit camera moves it (`setCamera`).
    private(set) var camera: SceneCamera

    static func plannedTexture(of planned: FramePlan.Step, renderSize: PixelSize) -> TextureDescriptor {
        guard case .draw(let plan) = planned.work else { return TextureDescriptor(size: renderSize) }
        return TextureDescriptor(size: plan.scene.size ?? renderSize)
    }

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: DrawStep?, size: PixelSize) {
        guard case .draw(let plan) = planned.work else { return (nil, binding.renderSize) }
        let size = plan.scene.size ?? binding.renderSize
        do throws(DiagnosticsError) {
            let step = try DrawStep(plan, size: size, writer: &binding.writer)
            binding.drawSteps[binding.index] = step
            return (step, size)
        } catch {
            binding.diagnostics += error.diagnostics.map { $0.naming(node: planned.node.name) }
            return (nil, size)
        }
    }

    private init(_ plan: DrawPlan, size: PixelSize, writer: inout UniformWriter) throws(DiagnosticsError) {
        self.plan = plan
        camera = plan.scene.camera
        program = try Self.link(plan)
        meshes = plan.meshes.map { (MeshBuffers($0.data, attributes: plan.attributes), Self.mode(of: $0.primitive)) }
        do throws(GPUError) {
            target = try RenderTarget(TextureDescriptor(size: size))
            depth = try Self.attachDepth(to: target)
        } catch {
            throw DiagnosticsError([.error(error.description, at: plan.scene.fragment?.location ?? plan.scene.vertex?.location)])
        }
        glUseProgram(program.name)
        let programName = program.name
        let location = { (name: String) in glGetUniformLocation(programName, name) }
        Self.writeScene(plan, camera: plan.scene.camera, size: size, location: location, writer: &writer)
        inputs = plan.inputs.map { input in
            glUniform1i(location(input.sampler), GLint(input.unit))
            return (input.source, input.unit)
        }
        let declared = plan.scene.declaredUniforms
        var wired: [WiredUniform] = []
        for (name, value) in plan.uniforms {
            guard let declaration = declared.first(where: { $0.name == name }) else { continue }
            let count = declaration.arrayLength ?? 1
            switch value {
            case .literal(let numbers):
                numbers.withUnsafeBufferPointer { writer.set(location(name), type: declaration.type, count: count, values: $0) }
            case .step(let source, let components):
                wired.append(WiredUniform(location: location(name), type: declaration.type, count: count, source: source, components: components))
            }
        }
        self.wired = wired
        clock = (location("u_time"), location("u_delta"), location("u_frame"))
        glUseProgram(0)
    }

    /// Both stages linked, the attributes on their slots; a stage that fails is reported at its own lines, or,
    /// for the workbench's, at the user's stage it was paired with.
    private static func link(_ plan: DrawPlan) throws(DiagnosticsError) -> GLObject {
        let scene = plan.scene
        let texts: (vertex: String, fragment: String)
        do throws(Diagnostic) {
            texts = try ModelStage.prepare(vertex: scene.vertex?.source, fragment: scene.fragment?.source, defines: plan.defines,
                                           available: plan.attributes, precision: plan.precision)
        } catch {
            throw DiagnosticsError([error])
        }
        let slots = Dictionary(uniqueKeysWithValues: ModelStage.attributes.map { ($0.name, GLuint($0.location)) })
        switch ProgramBuild.build(vertex: texts.vertex, fragment: texts.fragment, attributes: slots) {
        case .success(let name):
            return GLObject(adopting: name, kind: .program)
        case .failure(let failure):
            let (own, other) = switch failure {
            case .vertex: (scene.vertex, scene.fragment)
            case .fragment: (scene.fragment, scene.vertex)
            case .link: (scene.fragment ?? scene.vertex, nil as DrawScene.Stage?)
            }
            let stage: CompilerDiagnostics.Stage = if case .link = failure { .link } else { .compile }
            if let own { throw DiagnosticsError(CompilerDiagnostics.diagnostics(fromLog: failure.log, in: own.source, stage: stage)) }
            let which = if case .vertex = failure { "vertex" } else { "fragment" }
            throw DiagnosticsError([.error("the workbench's \(which) stage failed to compile beside this one: \(failure.log)",
                                           at: other?.source.location(line: 0))])
        }
    }

    /// A depth texture the size of `target`, attached to its framebuffer: 24 bits, as a depth buffer has, read
    /// texel for texel by depth nodes (a depth texture filters only to its nearest texel in GLES 3.0).
    private static func attachDepth(to target: RenderTarget) throws(GPUError) -> GLObject {
        let depth = GLObject(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), depth.name)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_DEPTH_COMPONENT24, GLsizei(target.size.width), GLsizei(target.size.height), 0,
                     GLenum(GL_DEPTH_COMPONENT), GLenum(GL_UNSIGNED_INT), nil)
        for (parameter, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                                   (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_TEXTURE_2D), depth.name, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("a \(target.size) image with a depth buffer is not supported here (framebuffer status 0x\(String(status, radix: 16)))")
        }
        return depth
    }

    /// The matrices, camera, light and size, which change only with a new graph or a moved camera.
    private static func writeScene(_ plan: DrawPlan, camera: SceneCamera, size: PixelSize, location: (String) -> GLint, writer: inout UniformWriter) {
        let model = ColumnMajor.identity
        let view = camera.viewMatrix
        var projection = camera.projectionMatrix(aspect: Float(size.width) / Float(size.height))
        for row1 in [1, 5, 9, 13] { projection[row1] = -projection[row1] }
        let modelViewProjection = ColumnMajor.multiply(projection, ColumnMajor.multiply(view, model))
        let values: [(String, GLSLType, [Float])] = [
            ("u_modelMatrix", .mat4, model), ("u_viewMatrix", .mat4, view), ("u_projectionMatrix", .mat4, projection),
            ("u_modelViewProjectionMatrix", .mat4, modelViewProjection), ("u_normalMatrix", .mat3, ColumnMajor.normalMatrix(of: model)),
            ("u_camera", .vec3, [camera.position.x, camera.position.y, camera.position.z]),
            ("u_cameraNearClip", .float, [camera.near]), ("u_cameraFarClip", .float, [camera.far]), ("u_cameraDistance", .float, [camera.distance]),
            ("u_light", .vec3, [plan.scene.light.x, plan.scene.light.y, plan.scene.light.z]),
            ("u_lightColor", .vec3, [plan.scene.lightColour.x, plan.scene.lightColour.y, plan.scene.lightColour.z]),
            ("u_resolution", .vec2, [Float(size.width), Float(size.height)]),
            (ModelStage.passHeightUniform, .float, [Float(size.height)]),
        ]
        for (name, type, numbers) in values {
            numbers.withUnsafeBufferPointer { writer.set(location(name), type: type, count: 1, values: $0) }
        }
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        let settings = plan.scene.settings
        glClearDepthf(1)
        if let backdrop = plan.backdrop, let image = frame.images[backdrop] {
            image.copy(into: target)
            target.bindForDrawing()
            glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        } else {
            target.bindForDrawing()
            let background = settings.background
            glClearColor(background[0], background[1], background[2], background[3])
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        }
        if settings.depthTest { glEnable(GLenum(GL_DEPTH_TEST)) }
        if settings.culling != .none {
            glEnable(GLenum(GL_CULL_FACE))
            glCullFace(GLenum(settings.culling == .back ? GL_BACK : GL_FRONT))
            // The projection turns y over, which turns counter-clockwise faces clockwise on screen.
            glFrontFace(GLenum(GL_CW))
        }
        switch settings.blend {
        case .none: break
        case .alpha: Blending.alpha.enable()
        case .add: Blending.add.enable()
        }
        glUseProgram(program.name)
        if clock.time >= 0 { glUniform1f(clock.time, Float(frame.state.time.seconds)) }
        if clock.delta >= 0 { glUniform1f(clock.delta, Float(frame.state.delta)) }
        if clock.frame >= 0 { glUniform1i(clock.frame, GLint(frame.state.time.index)) }
        for uniform in wired {
            uniform.write(from: frame.values[uniform.source], scratch: &frame.wireScratch, writer: &frame.uniformWriter)
        }
        for input in inputs {
            frame.images[input.source]?.bind(toUnit: input.unit, filter: GL_LINEAR)
        }
        for mesh in meshes { mesh.buffers.draw(mesh.mode, instances: settings.instances) }
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glFrontFace(GLenum(GL_CCW))
        Blending.disable()
        glActiveTexture(GLenum(GL_TEXTURE0))
        frame.images[index] = target
    }

    /// Draws through `camera` from the next frame on: its matrices and glslViewer's camera uniforms written again.
    func setCamera(_ camera: SceneCamera, writer: inout UniformWriter) {
        self.camera = camera
        glUseProgram(program.name)
        let programName = program.name
        Self.writeScene(plan, camera: camera, size: target.size, location: { glGetUniformLocation(programName, $0) }, writer: &writer)
        glUseProgram(0)
    }

    /// Writes a literal uniform's new value into the program; false for one a wire sets or `values` of the wrong
    /// count, which needs the graph built again.
    func setUniform(_ name: String, to values: [Float], writer: inout UniformWriter) -> Bool {
        guard !plan.uniforms.contains(where: { if case .step = $0.value { $0.name == name } else { false } }),
              let declaration = plan.scene.declaredUniforms.first(where: { $0.name == name }), let components = declaration.type.componentCount,
              values.count == components * (declaration.arrayLength ?? 1) else { return false }
        glUseProgram(program.name)
        values.withUnsafeBufferPointer { writer.set(glGetUniformLocation(program.name, name), type: declaration.type, count: declaration.arrayLength ?? 1, values: $0) }
        return true
    }

    private static func mode(of primitive: DrawSettings.Primitive) -> GLenum {
        switch primitive {
        case .triangles: GLenum(GL_TRIANGLES)
        case .lines: GLenum(GL_LINES)
        case .points: GLenum(GL_POINTS)
        }
    }

    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        target.descriptor
    }

    /// It moves with the clock when a stage reads it, and with whatever is wired into it.
    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        if clock.time >= 0 || clock.delta >= 0 || clock.frame >= 0 { return .continuous }
        let read = inputs.map { motions[$0.source] } + wired.filter { $0.location >= 0 }.map { motions[$0.source] }
            + (plan.backdrop.map { [motions[$0]] } ?? [])
        return read.max() ?? .still
    }
}
