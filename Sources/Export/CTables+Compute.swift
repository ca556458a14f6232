import GPU
import ShaderGraph
import ShaderLanguage

/// Compute steps as the runtime's `sb_compute_def` (run by `sb_compute.c` as the executor's ComputeStep runs
/// them), and the values read out of their buffers: every number read off the plan.
extension CTables {
    mutating func computeStep(_ plan: ComputePlan, node: Node, index: [Int], parameterSlots: [String: Int]) throws(DiagnosticsError) -> String {
        let uniforms = computeUniforms(plan, node: node, index: index, parameterSlots: parameterSlots)
        let measured = measuredUniforms(plan, node: node, index: index, parameterSlots: parameterSlots)
        // Measures: [0] and [1] the size a count is over, then each input's width and height, then each measured uniform.
        var variables = [ISFSizeExpression.renderWidth: "m[0]", ISFSizeExpression.renderHeight: "m[1]"]
        for (position, input) in plan.inputs.enumerated() {
            variables["WIDTH_\(input.name)"] = "m[\(2 + 2 * position)]"
            variables["HEIGHT_\(input.name)"] = "m[\(3 + 2 * position)]"
        }
        for (position, uniform) in measured.enumerated() { variables[uniform.name] = "m[\(2 + 2 * plan.inputs.count + position)]" }

        var kernels: [String] = []
        for (position, pass) in plan.passes.enumerated() {
            let text = try pass.driverText()
            let what = plan.passes.count == 1 ? "node '\(node.name)'" : "node '\(node.name)', kernel \(pass.file)"
            programs.append(("", "", nil, text, what))
            let groups = pass.dispatch.map { counts in counts.map { countFunction($0, variables: variables) } } ?? ["NULL", "NULL", "NULL"]
            let local = pass.interface.localSize
            let resolution = pass.interface.uniform(named: "iResolution")?.type.componentCount ?? 0
            kernels.append("{ \(programs.count - 1), \(local[0]), \(local[1]), { \(groups.joined(separator: ", ")) }, 0x\(String(plan.barriers[position].glBits, radix: 16))u, \(resolution) }")
        }

        var inputs: [String] = []
        for input in plan.inputs {
            let filter = input.sampling.filter == .nearest ? "GL_NEAREST" : "GL_LINEAR"
            switch input.binding {
            case .sampler(let unit):
                inputs.append("{ \(CodeLiteral.c(input.name)), \(index[input.source]), -1, SB_RGBA8, \(unit), \(filter), \(Self.wrapName(input.sampling)) }")
            case .image(let unit, let format):
                let name = Self.formatName(format)
                if let oneChannel = OneChannelFormat(rawValue: format) { usesOneChannelCopy[Self.oneChannelCopy(oneChannel, toStored: true)] = true }
                inputs.append("{ \(CodeLiteral.c(input.name)), \(index[input.source]), \(unit), \(name), \(unit), GL_NEAREST, GL_CLAMP_TO_EDGE }")
            }
        }
        let targets = plan.targets.map { target in
            if let stored = target.stored { usesOneChannelCopy[Self.oneChannelCopy(stored, toStored: false)] = true }
            return "{ \(target.unit), \(Self.formatName(target.format.rawValue)), \(target.stored.map { Self.formatName($0.rawValue) } ?? "-1") }"
        }
        let buffers = zip(plan.buffers, plan.bufferBindings).map { buffer, binding in
            "{ \(binding), \(buffer.byteCount), \(buffer.initialBytes.map { bytes($0) } ?? "NULL"), \(buffer.isPersistent ? 1 : 0) }"
        }

        var stepFields = ".kind = SB_STEP_COMPUTE"
        var sizeFields = ".size_step = -1"
        switch plan.size {
        case .render: break
        case .fixed(let fixed): stepFields += size(fixed)
        case .step(let step): sizeFields = ".size_step = \(index[step])"
        case .expression(let width, let height):
            sizeFields += ", .width = \(countFunction(width, variables: variables)), .height = \(countFunction(height, variables: variables))"
        }
        var fields = [".what = \(CodeLiteral.c("node '\(node.name)'"))",
                      ".kernels = \(table("sb_kernel_def", "kernels", kernels)), .kernel_count = \(kernels.count)",
                      ".targets = \(table("sb_compute_target_def", "targets", targets)), .target_count = \(targets.count)",
                      sizeFields]
        if !inputs.isEmpty { fields.append(".inputs = \(table("sb_compute_input_def", "compute_inputs", inputs)), .input_count = \(inputs.count)") }
        if !buffers.isEmpty { fields.append(".buffers = \(table("sb_buffer_def", "buffers", buffers)), .buffer_count = \(buffers.count)") }
        if !measured.isEmpty {
            fields.append(".measured = \(table("sb_operand_def", "measured", measured.map(\.operand))), .measured_count = \(measured.count)")
        }
        let compute = declare("static const sb_compute_def", "compute", "{\n    \(fields.joined(separator: ",\n    "))\n}", array: false)
        if !uniforms.isEmpty {
            stepFields += ", .uniforms = \(table("sb_uniform_def", "uniforms", uniforms)), .uniform_count = \(uniforms.count)"
        }
        return "{ \(stepFields), .compute = &\(compute) }"
    }

    /// Elements of a compute step's buffer as a value step's numbers.
    mutating func bufferValueStep(_ read: BufferRead, of computeStep: FramePlan.Step, index: Int) throws(DiagnosticsError) -> String {
        guard case .compute(let plan) = computeStep.work, let position = plan.buffers.firstIndex(where: { $0.name == read.buffer }) else {
            throw DiagnosticsError([.error("node '\(computeStep.node.name)' has no buffer '\(read.buffer)'", at: read.bufferLocation, code: .notExportable)])
        }
        let buffer = plan.buffers[position]
        let element = buffer.element
        let scalar = switch element.scalar {
        case .float: "SB_SCALAR_FLOAT"
        case .int: "SB_SCALAR_INT"
        case .uint: "SB_SCALAR_UINT"
        }
        let definition = "{ \(position), \(buffer.arrayOffset + read.start * element.stride), \(element.stride), \(element.components), \(read.count), \(scalar) }"
        let name = declare("static const sb_buffer_read_def", "buffer_read", definition, array: false)
        return "{ .kind = SB_STEP_BUFFER_VALUE, .value_capacity = \(max(read.componentCount, 1)), .source = \(index), .buffer_read = &\(name) }"
    }

    /// The kernels' uniforms: the plan's, published ones read from their parameter steps, and published ones the
    /// composition leaves alone and the kernel gives no default, set by the app alone.
    private mutating func computeUniforms(_ plan: ComputePlan, node: Node, index: [Int], parameterSlots: [String: Int]) -> [String] {
        var uniforms: [String] = []
        for uniform in plan.uniforms {
            guard let type = Self.typeName(uniform.type) else { continue }
            let value = parameterSlots["\(node.name).\(uniform.name)"].map(Self.slotOperand) ?? operand(uniform.value, index: index)
            uniforms.append("{ \(CodeLiteral.c(uniform.name)), \(type), \(uniform.count), \(value) }")
        }
        var seen = Set(plan.uniforms.map(\.name))
        for declaration in plan.passes.flatMap(\.interface.uniforms) where seen.insert(declaration.name).inserted {
            guard let type = Self.typeName(declaration.type), let slot = parameterSlots["\(node.name).\(declaration.name)"] else { continue }
            uniforms.append("{ \(CodeLiteral.c(declaration.name)), \(type), \(declaration.arrayLength ?? 1), \(Self.slotOperand(slot)) }")
        }
        return uniforms
    }

    /// The uniforms the size and dispatch expressions read that the executor measures (those of literal numbers,
    /// here a parameter's where one is published), in name order; a wired one reads 0, as there.
    private mutating func measuredUniforms(_ plan: ComputePlan, node: Node, index: [Int], parameterSlots: [String: Int]) -> [(name: String, operand: String)] {
        plan.uniformsShapingIt.sorted().compactMap { name in
            let slot = parameterSlots["\(node.name).\(name)"]
            switch plan.uniforms.first(where: { $0.name == name })?.value {
            case .literal(let numbers): return (name, slot.map(Self.slotOperand) ?? operand(.literal(numbers), index: index))
            case .step: return nil
            case nil: return slot.map { (name, Self.slotOperand($0)) }
            }
        }
    }

    /// A count as a function of the measures, rounded down as the executor rounds it.
    private mutating func countFunction(_ count: ComputeCount, variables: [String: String]) -> String {
        counter += 1
        let name = "sb_count_\(counter)"
        let body = switch count {
        case .number(let number): "\(number).0"
        case .expression(let expression): "floor(\(expression.cExpression { variables[$0] ?? "0" }))"
        }
        declarations.append("/* \(CodeLiteral.comment(count.description)) */\nstatic double \(name)(const double *m) {\n    (void)m;\n    return \(body);\n}")
        return name
    }

    /// A table of `elements`, or `NULL` for none: C has no empty arrays.
    private mutating func table(_ type: String, _ stem: String, _ elements: [String]) -> String {
        guard !elements.isEmpty else { return "NULL" }
        return declare("static const \(type)", stem, "{\n    \(elements.joined(separator: ",\n    "))\n}", array: true)
    }

    private mutating func bytes(_ values: [UInt8]) -> String {
        let lines = stride(from: 0, to: values.count, by: 24).map { start in
            values[start..<min(start + 24, values.count)].map(String.init).joined(separator: ", ")
        }
        return declare("static const unsigned char", "bytes", "{\n    \(lines.joined(separator: ",\n    "))\n}", array: true)
    }

    private static func slotOperand(_ slot: Int) -> String {
        "{ 1, \(slot), NULL, 0, NULL, 0 }"
    }

    /// Where the runtime's `one_channel_copies` holds the copy of `format` into the one-channel image
    /// (`toStored`) or out of it: r32f's two, then r32ui's.
    static func oneChannelCopy(_ format: OneChannelFormat, toStored: Bool) -> Int {
        (format == .r32ui ? 2 : 0) + (toStored ? 1 : 0)
    }

    static let oneChannelCopies = OneChannelFormat.allCases.flatMap { format in [false, true].map { (format, toStored: $0) } }

    static func formatName(_ format: String) -> String {
        ["rgba8": "SB_RGBA8", "rgba16f": "SB_RGBA16F", "rgba32f": "SB_RGBA32F", "r32f": "SB_R32F", "r32ui": "SB_R32UI"][format] ?? "SB_RGBA8"
    }
}
