import ShaderGraph
import ShaderLanguage

/// A compute node's plan against what the context allows (`ComputeLimits`): each problem located at the
/// kernel's line or the composition's key, with the driver's number, before anything is compiled.
struct ComputeLimitCheck {
    var limits: ComputeLimits
    var plan: ComputePlan
    var size: PixelSize
    /// Every step's image size, which dispatch expressions may read.
    var sizes: [PixelSize]

    func check() throws(DiagnosticsError) {
        guard limits.runsCompute else {
            let version = "\(limits.version / 10).\(limits.version % 10)"
            throw DiagnosticsError([.error("this GL context is OpenGL ES \(version); compute kernels need OpenGL ES 3.1 or later",
                                           at: plan.passes[0].location, code: .computeVersion)])
        }
        var problems: [Diagnostic] = []
        if !size.isWithinBudget {
            problems.append(.error("the node's image is \(size), \(PixelSize.overBudget)", at: plan.passes[0].location, code: .computeImage))
        }
        for (index, pass) in plan.passes.enumerated() {
            let interface = pass.interface
            let source = pass.source
            let local = interface.localSize
            let axes = ["x", "y", "z"]
            for axis in 0..<3 where local[axis] > limits.workGroupSize[axis] {
                problems.append(source.error("local_size_\(axes[axis]) is \(local[axis]); this device allows \(limits.workGroupSize[axis]) "
                                             + "(GL_MAX_COMPUTE_WORK_GROUP_SIZE)", line: interface.localSizeLine, code: .computeLocalSize))
            }
            let invocations = local.reduce(1, *)
            if invocations > limits.workGroupInvocations {
                problems.append(source.error("a work group of \(local.map(String.init).joined(separator: " × ")) is \(invocations) invocations; this device "
                                             + "allows \(limits.workGroupInvocations) (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)",
                                             line: interface.localSizeLine, code: .computeLocalSize))
            }
            for image in interface.images {
                if let unit = image.binding, unit >= limits.imageUnits {
                    problems.append(source.error("image '\(image.name)' is on binding \(unit); this device has \(limits.imageUnits) image units "
                                                 + "(GL_MAX_IMAGE_UNITS), 0 to \(limits.imageUnits - 1)", line: image.line, column: image.column, code: .computeBinding))
                }
            }
            for buffer in interface.buffers {
                if let unit = buffer.binding, unit >= limits.bufferBindings {
                    problems.append(source.error("buffer '\(buffer.name)' is on binding \(unit); this device has \(limits.bufferBindings) buffer bindings "
                                                 + "(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), 0 to \(limits.bufferBindings - 1)",
                                                 line: buffer.line, column: buffer.column, code: .computeBinding))
                }
            }
            let groups = plan.groups(ofPass: index, size: size, sizes: sizes)
            for axis in 0..<3 where groups[axis] == 0 {
                let written = pass.dispatch.map { "\($0[axis])" } ?? ""
                problems.append(.error("pass \(pass.file) dispatches no work groups on \(axes[axis]): \(written) gives less than 1 at a \(size) image",
                                       at: pass.location, code: .computeDispatch))
            }
            for axis in 0..<3 where groups[axis] > limits.workGroupCount[axis] {
                problems.append(.error("pass \(pass.file) dispatches \(groups[axis]) work groups on \(axes[axis]); this device allows "
                                       + "\(limits.workGroupCount[axis]) (GL_MAX_COMPUTE_WORK_GROUP_COUNT)", at: pass.location, code: .computeDispatch))
            }
        }
        for buffer in plan.buffers where buffer.byteCount > limits.bufferBytes {
            problems.append(.error("buffer '\(buffer.name)' is \(buffer.byteCount) bytes; this device's largest is \(limits.bufferBytes) "
                                   + "(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)", at: buffer.location, code: .computeBuffer))
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
    }
}
