import ShaderLanguage

/// A compute node's checks against the composition and its own kernels: what is wired to its samplers, images
/// and uniforms, which images it makes and in what format, and that every image and buffer has a binding.
extension CompositionCheck {
    mutating func checkCompute(_ node: Node, _ kernel: ComputeKernel) {
        for pass in kernel.passes {
            checkDeclarations(of: pass, in: kernel, node: node)
        }
        for (name, wire) in kernel.inputs.sorted(by: { $0.key < $1.key }) {
            let keyLocation = kernel.keyLocations[name] ?? wire.location
            if kernel.image(named: name) == nil && kernel.uniform(named: name)?.type != .sampler2D {
                let names = kernel.passes.flatMap { $0.interface.samplers.map(\.name) + $0.interface.images.map(\.name) }
                report("no kernel of node '\(node.name)' reads an image '\(name)'\(suggestion(name, among: names))", at: keyLocation, code: .noSuchUniform)
                continue
            }
            guard let source = resolve(wire) else { continue }
            if source.output != .image {
                report("'\(source.name)' makes \(source.output), but '\(name)' is an image input; wire values into uniforms", at: wire.location, code: .wrongWire)
            } else if !wire.components.isEmpty {
                report("an image input takes a whole image; remove the component selection from '\(source.name)'", at: wire.location, code: .wrongWire)
            }
        }
        if case .node(let wire) = kernel.size, let source = resolve(wire), source.output != .image {
            report("'size' follows the size of an image node; '\(source.name)' makes \(source.output)", at: wire.location, code: .wrongWire)
        }
        for name in kernel.uniformsShapingIt.sorted() {
            if case .wire(let wire)? = kernel.uniforms[name] {
                report("a size or dispatch expression of node '\(node.name)' reads $\(name), which '\(wire.node)' sets by a wire; "
                       + "expressions are worked out when the node is bound, so they read numbers: set \(name) to one", at: wire.location, code: .computeDispatch)
            }
        }
        for (name, setting) in kernel.uniforms.sorted(by: { $0.key < $1.key }) {
            let keyLocation = kernel.keyLocations[name] ?? setting.location
            guard let declaration = kernel.uniform(named: name) else {
                let settable = kernel.passes.flatMap { $0.interface.uniforms.filter { $0.type != .sampler2D }.map(\.name) }
                report("no kernel of node '\(node.name)' has a uniform '\(name)'\(suggestion(name, among: settable))", at: keyLocation, code: .noSuchUniform)
                continue
            }
            checkUniform(name, declaration, setting, file: kernel.passes[0].file, keyLocation: keyLocation)
        }
    }

    /// One kernel's samplers, images and buffers against its node: wired, made, bound.
    private mutating func checkDeclarations(of pass: ComputeKernel.Pass, in kernel: ComputeKernel, node: Node) {
        let source = pass.source
        for sampler in pass.interface.samplers where kernel.inputs[sampler.name] == nil {
            report("node '\(node.name)': \(pass.file) samples '\(sampler.name)', but nothing is wired to it; add it under 'inputs:'",
                   at: node.location, code: .unwiredInput)
        }
        var units: [Int: String] = [:]
        for image in pass.interface.images {
            let location = source.location(line: image.line, column: image.column)
            guard let unit = image.binding else {
                report("image '\(image.name)' has no binding; OpenGL ES 3.1 places images only by theirs: layout(\(image.format ?? "rgba8"), binding = N)",
                       at: location, code: .computeBinding)
                continue
            }
            if let other = units.updateValue(image.name, forKey: unit) {
                report("images '\(other)' and '\(image.name)' are both on binding \(unit); give each its own", at: location, code: .computeBinding)
            }
            guard let format = image.format else {
                report("image '\(image.name)' has no format qualifier; GLSL ES needs one: layout(rgba8, binding = \(unit))", at: location, code: .computeImage)
                continue
            }
            if kernel.inputs[image.name] != nil {
                if image.access == .writeOnly {
                    report("image '\(image.name)' is wired as an input but declared writeonly; declare it readonly", at: location, code: .computeImage)
                }
                continue
            }
            guard image.access.writes else {
                report("node '\(node.name)': \(pass.file) reads image '\(image.name)', but nothing is wired to it; add it under 'inputs:'",
                       at: node.location, code: .unwiredInput)
                continue
            }
            let targetFormats = PixelFormat.allCases.map(\.rawValue) + OneChannelFormat.allCases.map(\.rawValue)
            guard let made = PixelFormat(rawValue: format) ?? OneChannelFormat(rawValue: format)?.shownAs else {
                report("image '\(image.name)' is \(format), which a compute node cannot make as its image; its targets are \(targetFormats.joined(separator: ", "))",
                       at: location, code: .computeImage)
                continue
            }
            if let asked = kernel.format, asked != made {
                report("image '\(image.name)' is \(format), but node '\(node.name)' asks for format \(asked.rawValue); make them the same",
                       at: location, code: .computeImage)
            }
        }
        var bufferUnits: [Int: String] = [:]
        for buffer in pass.interface.buffers {
            let location = source.location(line: buffer.line, column: buffer.column)
            guard let unit = buffer.binding else {
                report("buffer '\(buffer.name)' has no binding; OpenGL ES 3.1 places buffers only by theirs: layout(std430, binding = N)",
                       at: location, code: .computeBinding)
                continue
            }
            if let other = bufferUnits.updateValue(buffer.name, forKey: unit) {
                report("buffers '\(other)' and '\(buffer.name)' are both on binding \(unit); give each its own", at: location, code: .computeBinding)
            }
        }
    }
}
