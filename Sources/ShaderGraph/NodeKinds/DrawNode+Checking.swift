import ShaderLanguage

/// A draw node's checks against the composition: what is wired to its stages' images and uniforms.
extension CompositionCheck {
    mutating func checkDraw(_ node: Node, _ scene: DrawScene) {
        let declared = scene.declaredUniforms
        let file = [scene.fragment, scene.vertex].compactMap { $0?.source.path }.joined(separator: " and ")
        let samplers = declared.filter { $0.type == .sampler2D }
        if let backdrop = scene.backdrop, let source = resolve(backdrop) {
            if source.output != .image {
                report("'background' lays an image under the mesh, and '\(source.name)' makes \(source.output)", at: backdrop.location, code: .wrongWire)
            } else if !backdrop.components.isEmpty {
                report("'background' takes a whole image; remove the component selection from '\(source.name)'", at: backdrop.location, code: .wrongWire)
            }
        }
        // The model pass of glslViewer's scene passes declares the images the passes around it read, and leaves them be.
        let passImages = node.passOf == nil ? [] : GLSLViewerScenePasses.passImages
        for sampler in samplers where scene.inputs[sampler.name] == nil && !passImages.contains(sampler.name) {
            report("node '\(node.name)': \(file) samples '\(sampler.name)', but nothing is wired to it; add it under 'inputs:'", at: node.location,
                   code: .unwiredInput)
        }
        for (name, wire) in scene.inputs.sorted(by: { $0.key < $1.key }) {
            let keyLocation = scene.keyLocations[name] ?? wire.location
            guard samplers.contains(where: { $0.name == name }) else {
                let has = file.isEmpty ? "the workbench's stages sample no image" : "\(file) has no image input '\(name)'"
                report(has + suggestion(name, among: samplers.map(\.name)), at: keyLocation, code: .noSuchUniform)
                continue
            }
            guard let source = resolve(wire) else { continue }
            if source.output != .image {
                report("'\(source.name)' makes \(source.output), but '\(name)' is an image input; wire values into uniforms", at: wire.location, code: .wrongWire)
            } else if !wire.components.isEmpty {
                report("an image input takes a whole image; remove the component selection from '\(source.name)'", at: wire.location, code: .wrongWire)
            }
        }
        for (name, setting) in scene.uniforms.sorted(by: { $0.key < $1.key }) {
            let keyLocation = scene.keyLocations[name] ?? setting.location
            if ModelStage.hostUniforms.contains(name) {
                report("'\(name)' is set by the workbench each frame, from the node's mesh, camera and light and the clock", at: keyLocation,
                       code: .keyDoesNotApply)
            } else if let declaration = declared.first(where: { $0.name == name }) {
                checkUniform(name, declaration, setting, file: declaration.file ?? file, keyLocation: keyLocation)
            } else {
                let settable = declared.filter { $0.type != .sampler2D && !ModelStage.hostUniforms.contains($0.name) }.map(\.name)
                let has = file.isEmpty ? "the workbench's stages have no uniform '\(name)'" : "\(file) has no uniform '\(name)'"
                report(has + suggestion(name, among: settable), at: keyLocation, code: .noSuchUniform)
            }
        }
    }
}
