import GPU
import ShaderGraph
import ShaderLanguage
import ShaderTranslation

/// The frame plan printed as the C runtime's tables: each step as the executor runs it, with every
/// program's final text, each input's unit, mapping and source, each uniform's value or wire, and each
/// published parameter as a step of its own that the app sets and the uniform reads. Everything here is
/// read off the plan; nothing about the graph is worked out again. Compute steps: `CTables+Compute.swift`.
struct CTables {
    /// Declarations (arrays of numbers, inputs, uniforms, ISF passes, size functions) before the steps.
    var declarations: [String] = []
    /// Each program's texts: a vertex and fragment stage, `fetchingFragment` for a shader that reads its target
    /// where the GPU can fetch it; or one compute kernel.
    var programs: [(vertex: String, fragment: String, fetchingFragment: String?, compute: String?, what: String)] = []
    private(set) var steps: [String] = []
    /// Step index of each published parameter and interaction, in the interface's order.
    private(set) var parameterSteps: [Int] = []
    private(set) var interactionSteps: [Int] = []
    /// Value steps by node name, for `_value`.
    private(set) var valueSteps: [(node: String, step: Int)] = []
    /// Each movie input's timing, by node name: how `_movie_time_` functions find the moment to feed.
    private(set) var movieTimings: [String: (movie: MovieSource, timeCurve: String?)] = [:]
    private(set) var outputStep = 0
    private(set) var usesReshape = false
    private(set) var usesMeasure = [false, false, false, false]
    private(set) var renderSize = PixelSize.standard
    private(set) var renderSizeInput = -1
    /// Which one-channel copies the compute steps use, as the runtime's `one_channel_copies` orders them.
    var usesOneChannelCopy = [false, false, false, false]
    var counter = 0

    init(_ plan: FramePlan, interface: ExportedInterface) throws(DiagnosticsError) {
        let inputIndex = Dictionary(uniqueKeysWithValues: interface.inputs.enumerated().map { ($1.node, $0) })
        // Room for one parameter step before each shader node that publishes some: each plan step's own
        // index among the C steps.
        var index: [Int] = []
        var parameterSlots: [String: Int] = [:]
        /// The parameters whose steps go before each plan step: before the first that draws their node.
        var parametersBefore: [[PlannedParameter]] = []
        var position = 0
        for step in plan.steps {
            let placed = interface.parameters.filter { parameterSlots[$0.reference.description] == nil && Self.draws(step, $0.reference.node) }
            for parameter in placed {
                parameterSlots[parameter.reference.description] = position
                position += 1
            }
            parametersBefore.append(placed)
            index.append(position)
            position += 1
        }
        parameterSteps = interface.parameters.map { parameterSlots[$0.reference.description] ?? 0 }
        interactionSteps = interface.interactions.map { interaction in plan.step(named: interaction.node).map { index[$0] } ?? 0 }
        outputStep = index.indices.contains(plan.output) ? index[plan.output] : max(0, position - 1)

        switch plan.renderSize {
        case .fixed(let size):
            renderSize = size
        case .firstSource(let candidates):
            // Every source an export keeps is an input the app feeds: the first one's size.
            renderSizeInput = candidates.first.flatMap { inputIndex[plan.steps[$0].node.name] } ?? -1
        }

        for (stepIndex, step) in plan.steps.enumerated() {
            let node = step.node
            for parameter in parametersBefore[stepIndex] {
                steps.append(parameterStep(parameter, in: step, index: index))
            }
            switch step.work {
            case .movie(let movie):
                let timeCurve = movie.timeCurve.map { curve in declare("static const sb_step_def", "time_curve", curveStep(curve), array: false) }
                movieTimings[node.name] = (movie, timeCurve)
                steps.append("{ .kind = SB_STEP_INPUT, .input = \(inputIndex[node.name] ?? 0) }")
            case .image, .camera, .audio, .keyboard:
                // An audio node never gets this far: the interface refuses it.
                steps.append("{ .kind = SB_STEP_INPUT, .input = \(inputIndex[node.name] ?? 0) }")
            case .pattern(let pattern):
                let patternSize = pattern.size
                let shader = try TestPattern.prepared(pattern.picture)
                let program = addProgram(vertex: shader.vertexSource, fragment: shader.fragmentSource, what: "the test pattern")
                steps.append("{ .kind = SB_STEP_PATTERN, .program = \(program)\(size(patternSize)) }")
            case .pass(let pass):
                steps.append(shaderStep(pass, node: node, index: index, parameterSlots: parameterSlots))
            case .constant(let numbers):
                steps.append(valueStep("SB_STEP_CONSTANT", initial: numbers))
            case .time:
                steps.append("{ .kind = SB_STEP_TIME, .value_capacity = 1 }")
            case .oscillator(let oscillator):
                let waveform = ["sine": "SB_SINE", "triangle": "SB_TRIANGLE", "square": "SB_SQUARE"][oscillator.waveform.rawValue] ?? "SB_SINE"
                steps.append("{ .kind = SB_STEP_LFO, .value_capacity = 1, .waveform = \(waveform), .rate = \(float(oscillator.rate)), .phase = \(float(oscillator.phase)) }")
            case .operation(let operation):
                steps.append(operationStep(operation, index: index))
            case .reduction(let reduction, let input):
                let measure = ["average": 0, "centroid": 1, "minmax": 2, "histogram": 3][reduction.measure.rawValue] ?? 0
                usesMeasure[measure] = true
                let measureName = ["SB_AVERAGE", "SB_CENTROID", "SB_MINMAX", "SB_HISTOGRAM"][measure]
                let capacity = measure == 3 ? (reduction.perChannel ? 1024 : 256) : 4
                steps.append("{ .kind = SB_STEP_REDUCTION, .value_capacity = \(capacity), .measure = \(measureName), .source = \(index[input]), .per_channel = \(reduction.perChannel ? 1 : 0) }")
            case .pick(let pick, _):
                steps.append(valueStep("SB_STEP_HELD", initial: pick.initial))
            case .drag(let drag):
                let minimum = floats([drag.range.lowerBound]), maximum = floats([drag.range.upperBound])
                steps.append(valueStep("SB_STEP_HELD", initial: [drag.initial], extra: ", .minimum = \(minimum), .maximum = \(maximum)"))
            case .mouse:
                steps.append(valueStep("SB_STEP_HELD", initial: [0, 0, 0]))
            case .key:
                steps.append(valueStep("SB_STEP_HELD", initial: [0]))
            case .curve(let curve):
                steps.append(curveStep(curve))
            case .compute(let compute):
                steps.append(try computeStep(compute, node: node, index: index, parameterSlots: parameterSlots))
            case .bufferValue(let read, let input):
                steps.append(try bufferValueStep(read, of: plan.steps[input], index: index[input]))
            case .sequence, .draw, .depth:
                break // refused by the interface
            }
            if case .value = node.output, let slot = plan.step(named: node.name).map({ index[$0] }) { valueSteps.append((node.name, slot)) }
        }
    }

    // MARK: Steps

    /// Whether `step` draws node `name`: its own, one of a fused pass's, or a pass drawn from its file.
    private static func draws(_ step: FramePlan.Step, _ name: String) -> Bool {
        if step.node.passOf == name { return true }
        if case .pass(let pass) = step.work { return pass.nodes(drawnAs: step.node.name).contains(name) }
        return step.node.name == name
    }

    private mutating func parameterStep(_ parameter: PlannedParameter, in step: FramePlan.Step, index: [Int]) -> String {
        let count = parameter.count
        var fields = ".kind = SB_STEP_PARAMETER, .value_capacity = \(count)"
        if let initial = parameter.startingValue {
            fields += ", .values = \(floats(initial)), .value_count = \(initial.count)"
        }
        if case .pass(let pass) = step.work,
           let uniform = pass.uniforms.first(where: { $0.name == pass.programUniform(parameter.reference.uniform, of: parameter.reference.node) }),
           case .step = uniform.value {
            fields += ", .follows = \(operand(uniform.value, index: index))"
        }
        // A range written once for every component (`range: 0...1` on a vec3) applies to each.
        let bounds = parameter.bounds
        if bounds.minimum != nil { fields += ", .minimum = \(floats((0..<count).compactMap(bounds.lower(at:))))" }
        if bounds.maximum != nil { fields += ", .maximum = \(floats((0..<count).compactMap(bounds.upper(at:))))" }
        return "{ \(fields) }"
    }

    private mutating func valueStep(_ kind: String, initial: [Float], extra: String = "") -> String {
        "{ .kind = \(kind), .value_capacity = \(max(initial.count, 1)), .values = \(floats(initial)), .value_count = \(initial.count)\(extra) }"
    }

    /// A curve's keys as the runtime's `sb_curve_value` reads them: times, values one key after another,
    /// each segment's interpolation and Bézier handles.
    private mutating func curveStep(_ curve: KeyedCurve) -> String {
        let times = declare("static const double", "key_times", "{ \(curve.keys.map { double($0.time) }.joined(separator: ", ")) }", array: true)
        let kinds = curve.keys.map { key in
            switch key.interpolation {
            case .hold: "SB_KEY_HOLD"
            case .linear: "SB_KEY_LINEAR"
            case .smooth: "SB_KEY_SMOOTH"
            case .bezier: "SB_KEY_BEZIER"
            }
        }
        let interpolations = declare("static const int", "key_interpolations", "{ \(kinds.joined(separator: ", ")) }", array: true)
        let handles = curve.keys.flatMap { key -> [Double] in
            if case .bezier(let x1, let y1, let x2, let y2) = key.interpolation { [x1, y1, x2, y2] } else { [0, 0, 1, 1] }
        }
        let handleTable = declare("static const double", "key_handles", "{ \(handles.map(double).joined(separator: ", ")) }", array: true)
        let repetition = ["once": "SB_CURVE_ONCE", "loop": "SB_CURVE_LOOP", "ping-pong": "SB_CURVE_PING_PONG"][curve.repetition.rawValue] ?? "SB_CURVE_ONCE"
        let rounding = switch curve.rounding {
        case .none: "SB_ROUND_NONE"
        case .whole: "SB_ROUND_WHOLE"
        case .steps: "SB_ROUND_STEPS"
        }
        return "{ .kind = SB_STEP_CURVE, .value_capacity = \(max(curve.width, 1)), .values = \(floats(curve.keys.flatMap(\.value))), "
            + ".value_count = \(curve.width), .key_times = \(times), .key_interpolations = \(interpolations), .key_handles = \(handleTable), "
            + ".key_count = \(curve.keys.count), .repetition = \(repetition), .rounding = \(rounding) }"
    }

    private mutating func operationStep(_ operation: OperationPlan, index: [Int]) -> String {
        let operands = operation.operands.map { value in value.map { operand($0, index: index) } ?? "{ 0 }" }
        let name = declare("static const sb_operand_def", "operands", "{\n    \(operands.joined(separator: ",\n    "))\n}", array: true)
        let kind = ["add": "SB_ADD", "multiply": "SB_MULTIPLY", "mix": "SB_MIX", "clamp": "SB_CLAMP", "smooth": "SB_SMOOTH"][operation.operation.rawValue] ?? "SB_ADD"
        return "{ .kind = SB_STEP_OPERATION, .value_capacity = \(operation.componentCount), .value_count = \(operation.componentCount), .operation = \(kind), .operands = \(name), .operand_count = \(operands.count) }"
    }

    mutating func operand(_ value: PlannedValue, index: [Int]) -> String {
        switch value {
        case .literal(let numbers):
            return "{ 1, -1, NULL, 0, \(floats(numbers)), \(numbers.count) }"
        case .step(let source, let components):
            return "{ 1, \(index[source]), \(integers(components)), \(components.count), NULL, 0 }"
        }
    }

    private mutating func shaderStep(_ pass: PassPlan, node: Node, index: [Int], parameterSlots: [String: Int]) -> String {
        // A shader written for desktop GLSL is embedded as the GLSL ES the window runs, so the app needs no translator.
        let translated = DesktopGLSLTranslator.embeddableTranslation(ofFragment: pass.shader.fragmentSource)
        let vertex = pass.shader.interface.vertexShader == nil ? nil : DesktopGLSLTranslator.embeddableTranslation(ofVertex: pass.shader.vertexSource)
        let program = addProgram(vertex: vertex ?? pass.shader.vertexSource, fragment: translated ?? pass.shader.fragmentSource,
                                 fetchingFragment: translated == nil ? pass.shader.framebufferFetchSource : nil, what: "node '\(node.name)'")
        let interface = pass.interface
        var inputs: [String] = []
        for input in pass.inputs {
            let mapping = ["fill": "SB_MAP_FILL", "fit": "SB_MAP_FIT", "stretch": "SB_MAP_STRETCH"][input.mapping.rawValue] ?? "SB_MAP_FILL"
            if (!input.isFeedback && input.mapping != .stretch) || input.sampling.isFlipped { usesReshape = true }
            let filter = switch input.sampling.filter {
            case .nearest: "GL_NEAREST"
            case .linear: "GL_LINEAR"
            case .mipmap: "GL_LINEAR_MIPMAP_LINEAR"
            case nil: "0"
            }
            inputs.append("{ \(CodeLiteral.c(input.sampler)), \(input.unit), \(index[input.source]), \(mapping), \(input.isFeedback ? 1 : 0), \(input.shaderToyChannel ?? -1), \(filter), \(Self.wrapName(input.sampling)), \(input.sampling.isFlipped ? 1 : 0) }")
        }
        var uniforms: [String] = []
        for uniform in pass.uniforms {
            guard let type = Self.typeName(uniform.type) else { continue }
            let declared = pass.declaration(ofProgramUniform: uniform.name)
            let value = parameterSlots["\(declared.node ?? node.passOf ?? node.name).\(declared.name)"].map { "{ 1, \($0), NULL, 0, NULL, 0 }" }
                ?? operand(uniform.value, index: index)
            uniforms.append("{ \(CodeLiteral.c(uniform.name)), \(type), \(uniform.count), \(value) }")
        }
        // A published parameter the composition leaves alone and the shader gives no default is set by the app alone.
        for declaration in interface.uniforms where !pass.uniforms.contains(where: { $0.name == declaration.name }) {
            let declared = pass.declaration(ofProgramUniform: declaration.name)
            guard let type = Self.typeName(declaration.type),
                  let slot = parameterSlots["\(declared.node ?? node.passOf ?? node.name).\(declared.name)"] else { continue }
            uniforms.append("{ \(CodeLiteral.c(declaration.name)), \(type), \(declaration.arrayLength ?? 1), { 1, \(slot), NULL, 0, NULL, 0 } }")
        }
        var fields = ".kind = SB_STEP_PASS, .program = \(program)\(size(pass.size))"
        fields += ", .format = \(Self.formatName(pass.format.rawValue))"
        // VS Code's Shader Toy extension sets ShaderToy's uniforms, on ten channels.
        let dialects = ["glsl": "SB_DIALECT_GLSL", "shaderToy": "SB_DIALECT_SHADERTOY", "isf": "SB_DIALECT_ISF", "glslViewer": "SB_DIALECT_GLSLVIEWER",
                        "glslSandbox": "SB_DIALECT_GLSLSANDBOX", "bonzomatic": "SB_DIALECT_BONZOMATIC", "vsCodeShaderToy": "SB_DIALECT_SHADERTOY"]
        fields += ", .dialect = \(dialects["\(interface.dialect)"] ?? "SB_DIALECT_GLSL")"
        if pass.keepsPreviousFrame { fields += ", .feedback = 1" }
        if pass.interpolatesInputs { fields += ", .interpolates = 1" }
        if let unit = pass.previousContentsUnit { fields += ", .reads_previous_contents = 1, .previous_contents_unit = \(unit)" }
        if !inputs.isEmpty {
            fields += ", .inputs = \(declare("static const sb_input_def", "inputs", "{\n    \(inputs.joined(separator: ",\n    "))\n}", array: true)), .input_count = \(inputs.count)"
        }
        if !uniforms.isEmpty {
            fields += ", .uniforms = \(declare("static const sb_uniform_def", "uniforms", "{\n    \(uniforms.joined(separator: ",\n    "))\n}", array: true)), .uniform_count = \(uniforms.count)"
        }
        fields += texelFields(pass)
        if let chain = pass.isfChain, !chain.passes.isEmpty {
            fields += isfFields(chain)
        }
        return "{ \(fields) }"
    }

    /// The GL edge mode a sampling asks for: clamped unless told.
    static func wrapName(_ sampling: InputSampling) -> String {
        switch sampling.wrap {
        case .repeat: "GL_REPEAT"
        case .mirror: "GL_MIRRORED_REPEAT"
        case .clamp, nil: "GL_CLAMP_TO_EDGE"
        }
    }

    /// GPUImage's texel step, as the plan settles it.
    private func texelFields(_ pass: PassPlan) -> String {
        var fields = ""
        for (step, axis) in [(pass.texelWidth, "width"), (pass.texelHeight, "height")] {
            switch step {
            case .literal(let number): fields += ", .texel_\(axis)_literal = 1, .texel_\(axis) = \(float(number))"
            case .firstInputTexel(let uniform?): fields += ", .texel_\(axis)_uniform = \(CodeLiteral.c(uniform))"
            case .firstInputTexel(nil): break
            }
        }
        return fields
    }

    private mutating func isfFields(_ chain: PassPlan.ISFChain) -> String {
        let units = Dictionary(chain.namedImages.map { ($0.name, $0.unit) }, uniquingKeysWith: { first, _ in first })
        let targets = chain.targets.map { target in
            "{ \(CodeLiteral.c(target.name)), \(units[target.name] ?? 0), \(target.isFloat ? 1 : 0), \(target.isPersistent ? 1 : 0), \(target.firstPass) }"
        }
        var passes: [String] = []
        for (isfPass, target) in zip(chain.passes, chain.passTargets) {
            let width = isfPass.width.map { sizeFunction($0, literals: chain.inputValues) } ?? "NULL"
            let height = isfPass.height.map { sizeFunction($0, literals: chain.inputValues) } ?? "NULL"
            passes.append("{ \(target ?? -1), \(width), \(height) }")
        }
        var fields = ", .isf_passes = \(declare("static const sb_isf_pass_def", "isf_passes", "{\n    \(passes.joined(separator: ",\n    "))\n}", array: true)), .isf_pass_count = \(passes.count)"
        if !targets.isEmpty {
            fields += ", .isf_targets = \(declare("static const sb_isf_target_def", "isf_targets", "{\n    \(targets.joined(separator: ",\n    "))\n}", array: true)), .isf_target_count = \(targets.count)"
        }
        return fields
    }

    private mutating func sizeFunction(_ expression: ISFSizeExpression, literals: [String: Double]) -> String {
        counter += 1
        let name = "sb_size_\(counter)"
        let body = expression.cExpression { variable in
            switch variable {
            case ISFSizeExpression.renderWidth: "width"
            case ISFSizeExpression.renderHeight: "height"
            default: "\(literals[variable] ?? 0)"
            }
        }
        declarations.append("/* \(CodeLiteral.comment(expression.text)) */\nstatic double \(name)(double width, double height) {\n    (void)width;\n    (void)height;\n    return \(body);\n}")
        return name
    }

    // MARK: Helpers

    private mutating func addProgram(vertex: String, fragment: String, fetchingFragment: String? = nil, what: String) -> Int {
        programs.append((vertex, fragment, fetchingFragment, nil, what))
        return programs.count - 1
    }

    func size(_ size: PixelSize?) -> String {
        size.map { ", .width = \($0.width), .height = \($0.height)" } ?? ""
    }

    mutating func declare(_ type: String, _ stem: String, _ value: String, array: Bool) -> String {
        counter += 1
        let name = "sb_\(stem)_\(counter)"
        declarations.append("\(type) \(name)\(array ? "[]" : "") = \(value);")
        return name
    }

    mutating func floats(_ values: [Float]) -> String {
        guard !values.isEmpty else { return "NULL" }
        return declare("static const float", "numbers", "{ \(values.map(float).joined(separator: ", ")) }", array: true)
    }

    private mutating func integers(_ values: [Int]) -> String {
        guard !values.isEmpty else { return "NULL" }
        return declare("static const int", "components", "{ \(values.map(String.init).joined(separator: ", ")) }", array: true)
    }

    /// A double exactly: Swift's shortest text for it reads back as the same bits in C.
    func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    func float(_ value: Float) -> String {
        guard value.isFinite else { return value.isNaN ? "NAN" : (value > 0 ? "INFINITY" : "-INFINITY") }
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text + "f" : text + ".0f"
    }

    static func typeName(_ type: GLSLType) -> String? {
        switch type {
        case .float: "SB_FLOAT"
        case .vec2: "SB_VEC2"
        case .vec3: "SB_VEC3"
        case .vec4: "SB_VEC4"
        case .int: "SB_INT"
        case .ivec2: "SB_IVEC2"
        case .ivec3: "SB_IVEC3"
        case .ivec4: "SB_IVEC4"
        case .bool: "SB_BOOL"
        case .bvec2: "SB_BVEC2"
        case .bvec3: "SB_BVEC3"
        case .bvec4: "SB_BVEC4"
        case .mat2: "SB_MAT2"
        case .mat3: "SB_MAT3"
        case .mat4: "SB_MAT4"
        case .sampler2D, .other: nil
        }
    }
}
