import GPU
import ShaderGraph

/// The graph lowered to the C runtime's tables: each step as the executor would run it, with every
/// program's final text, each input's unit, mapping and source, each uniform's value or wire, and each
/// published parameter as a step of its own that the app sets and the uniform reads.
struct CTables {
    /// Declarations (arrays of numbers, inputs, uniforms, ISF passes, size functions) before the steps.
    private(set) var declarations: [String] = []
    private(set) var programs: [(vertex: String, fragment: String, what: String)] = []
    private(set) var steps: [String] = []
    /// Step index of each published parameter and interaction, in the interface's order.
    private(set) var parameterSteps: [Int] = []
    private(set) var interactionSteps: [Int] = []
    /// Value steps by node name, for `_value`.
    private(set) var valueSteps: [(node: String, step: Int)] = []
    private(set) var outputStep = 0
    private(set) var usesReshape = false
    private(set) var usesMeasure = [false, false, false, false]
    private(set) var renderSize = PixelSize.standard
    private(set) var renderSizeInput = -1
    private var counter = 0

    init(_ original: Composition, interface: ExportedInterface) throws(DiagnosticsError) {
        let composition = PublishedParameters.inline(original)
        let plan = try RenderPlan(composition)
        let inputIndex = Dictionary(uniqueKeysWithValues: interface.inputs.enumerated().map { ($1.node, $0) })
        // Room for one parameter step before each shader node that publishes some.
        var index: [String: Int] = [:]
        var parameterSlots: [String: Int] = [:]
        var position = 0
        for step in plan.steps {
            for parameter in interface.parameters where parameter.reference.node == step.node.name {
                parameterSlots[parameter.reference.description] = position
                position += 1
            }
            index[step.node.name] = position
            position += 1
        }
        parameterSteps = interface.parameters.map { parameterSlots[$0.reference.description] ?? 0 }
        interactionSteps = interface.interactions.map { index[$0.node] ?? 0 }
        outputStep = index[composition.output] ?? max(0, position - 1)

        renderSize = composition.size ?? .standard
        if composition.size == nil {
            // The executor's rule: the first source node, in the file's order, that has a size.
            for node in composition.nodes {
                if let input = inputIndex[node.name] {
                    renderSizeInput = input
                    break
                }
                if case .camera(let camera) = node.kind, let size = camera.size {
                    renderSize = size
                    break
                }
            }
        }

        for step in plan.steps {
            let node = step.node
            for parameter in interface.parameters where parameter.reference.node == node.name {
                steps.append(parameterStep(parameter, in: node, index: index))
            }
            switch node.kind {
            case .image, .camera, .movie:
                steps.append("{ .kind = SB_STEP_INPUT, .input = \(inputIndex[node.name] ?? 0) }")
            case .pattern(let pattern):
                let shader = try TestPattern.prepared()
                let program = addProgram(vertex: shader.vertexSource, fragment: shader.fragmentSource, what: "the test pattern")
                steps.append("{ .kind = SB_STEP_PATTERN, .program = \(program)\(size(pattern.size)) }")
            case .shader(let pass):
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
            case .reduction(let reduction):
                let measure = ["average": 0, "centroid": 1, "minmax": 2, "histogram": 3][reduction.measure.rawValue] ?? 0
                usesMeasure[measure] = true
                let measureName = ["SB_AVERAGE", "SB_CENTROID", "SB_MINMAX", "SB_HISTOGRAM"][measure]
                let capacity = measure == 3 ? (reduction.perChannel ? 1024 : 256) : 4
                steps.append("{ .kind = SB_STEP_REDUCTION, .value_capacity = \(capacity), .measure = \(measureName), .source = \(index[reduction.input.node] ?? 0), .per_channel = \(reduction.perChannel ? 1 : 0) }")
            case .pick(let pick):
                steps.append(valueStep("SB_STEP_HELD", initial: pick.initial))
            case .drag(let drag):
                let minimum = floats([drag.range.lowerBound]), maximum = floats([drag.range.upperBound])
                steps.append(valueStep("SB_STEP_HELD", initial: [drag.initial], extra: ", .minimum = \(minimum), .maximum = \(maximum)"))
            case .mouse:
                steps.append(valueStep("SB_STEP_HELD", initial: [0, 0, 0]))
            case .key:
                steps.append(valueStep("SB_STEP_HELD", initial: [0]))
            case .sequence:
                break // refused by the interface
            }
            if case .value = node.output, let slot = index[node.name] { valueSteps.append((node.name, slot)) }
        }
    }

    // MARK: Steps

    private mutating func parameterStep(_ parameter: ExportedInterface.Parameter, in node: Node, index: [String: Int]) -> String {
        let count = parameter.componentCount
        var fields = ".kind = SB_STEP_PARAMETER, .value_capacity = \(count)"
        if let initial = parameter.initial {
            fields += ", .values = \(floats(initial)), .value_count = \(initial.count)"
        }
        if case .shader(let pass) = node.kind, case .wire(let wire)? = pass.uniforms[parameter.reference.uniform] {
            fields += ", .follows = \(operand(.wire(wire), index: index))"
        }
        if let minimum = parameter.minimum { fields += ", .minimum = \(floats(spread(minimum, to: count)))" }
        if let maximum = parameter.maximum { fields += ", .maximum = \(floats(spread(maximum, to: count)))" }
        return "{ \(fields) }"
    }

    /// A range written once for every component (`range: 0...1` on a vec3) applies to each.
    private func spread(_ values: [Float], to count: Int) -> [Float] {
        (0..<count).map { values.isEmpty ? 0 : values[min($0, values.count - 1)] }
    }

    private mutating func valueStep(_ kind: String, initial: [Float], extra: String = "") -> String {
        "{ .kind = \(kind), .value_capacity = \(max(initial.count, 1)), .values = \(floats(initial)), .value_count = \(initial.count)\(extra) }"
    }

    private mutating func operationStep(_ operation: ValueOperation, index: [String: Int]) -> String {
        let roles: [String]
        switch operation.operation {
        case .add, .multiply: roles = operation.operands.map(\.role)
        default: roles = ValueOperation.roles(of: operation.operation)
        }
        let operands = roles.map { role in operation.operand(role).map { operand($0, index: index) } ?? "{ 0 }" }
        let name = declare("static const sb_operand_def", "operands", "{\n    \(operands.joined(separator: ",\n    "))\n}", array: true)
        let kind = ["add": "SB_ADD", "multiply": "SB_MULTIPLY", "mix": "SB_MIX", "clamp": "SB_CLAMP", "smooth": "SB_SMOOTH"][operation.operation.rawValue] ?? "SB_ADD"
        return "{ .kind = SB_STEP_OPERATION, .value_capacity = \(operation.componentCount), .value_count = \(operation.componentCount), .operation = \(kind), .operands = \(name), .operand_count = \(operands.count) }"
    }

    private mutating func operand(_ operand: Operand, index: [String: Int]) -> String {
        switch operand {
        case .literal(let numbers):
            return "{ 1, -1, NULL, 0, \(floats(numbers)), \(numbers.count) }"
        case .wire(let wire):
            return "{ 1, \(index[wire.node] ?? 0), \(integers(wire.components)), \(wire.components.count), NULL, 0 }"
        }
    }

    private mutating func shaderStep(_ pass: ShaderPass, node: Node, index: [String: Int], parameterSlots: [String: Int]) -> String {
        let prepared = PreparedShader(source: pass.source, interface: pass.interface)
        let program = addProgram(vertex: prepared.vertexSource, fragment: prepared.fragmentSource, what: "node '\(node.name)'")
        let interface = pass.interface
        var inputs: [String] = []
        for (unit, sampler) in interface.samplers.enumerated() {
            guard let wire = pass.inputs[sampler.name], let source = index[wire.node] else { continue }
            let mapping = ["fill": "SB_MAP_FILL", "fit": "SB_MAP_FIT", "stretch": "SB_MAP_STRETCH"][pass.mapping(of: sampler.name).rawValue] ?? "SB_MAP_FILL"
            // ShaderToy's channel sizes go by sampler position among the bound inputs, as in the executor.
            let position = inputs.count
            let channel = interface.dialect == .shaderToy && position < interface.samplers.count
                ? Int(interface.samplers[position].name.dropFirst("iChannel".count)).flatMap { $0 < 4 ? $0 : nil } ?? -1 : -1
            if wire.node != node.name && pass.mapping(of: sampler.name) != .stretch { usesReshape = true }
            inputs.append("{ \(CodeLiteral.c(sampler.name)), \(unit), \(source), \(mapping), \(wire.node == node.name ? 1 : 0), \(channel) }")
        }
        var uniforms: [String] = []
        for (name, setting) in pass.uniforms.sorted(by: { $0.key < $1.key }) {
            guard let declaration = interface.uniform(named: name), let type = Self.typeName(declaration.type) else { continue }
            let value: String
            if let slot = parameterSlots["\(node.name).\(name)"] {
                value = "{ 1, \(slot), NULL, 0, NULL, 0 }"
            } else {
                switch setting {
                case .literal(let numbers, _): value = operand(.literal(numbers), index: index)
                case .wire(let wire):
                    guard index[wire.node] != nil else { continue }
                    value = operand(.wire(wire), index: index)
                }
            }
            uniforms.append("{ \(CodeLiteral.c(name)), \(type), \(declaration.arrayLength ?? 1), \(value) }")
        }
        for declaration in interface.uniforms where pass.uniforms[declaration.name] == nil {
            guard let type = Self.typeName(declaration.type) else { continue }
            if let slot = parameterSlots["\(node.name).\(declaration.name)"] {
                uniforms.append("{ \(CodeLiteral.c(declaration.name)), \(type), \(declaration.arrayLength ?? 1), { 1, \(slot), NULL, 0, NULL, 0 } }")
            } else if let defaults = declaration.annotation?.defaultValue {
                uniforms.append("{ \(CodeLiteral.c(declaration.name)), \(type), \(declaration.arrayLength ?? 1), \(operand(.literal(defaults), index: index)) }")
            }
        }
        var fields = ".kind = SB_STEP_PASS, .program = \(program)\(size(pass.size))"
        fields += ", .format = \(["rgba8": "SB_RGBA8", "rgba16f": "SB_RGBA16F", "rgba32f": "SB_RGBA32F"][pass.format.rawValue] ?? "SB_RGBA8")"
        fields += ", .dialect = \(["glsl": "SB_DIALECT_GLSL", "shaderToy": "SB_DIALECT_SHADERTOY", "isf": "SB_DIALECT_ISF"]["\(interface.dialect)"] ?? "SB_DIALECT_GLSL")"
        if !pass.feedbackInputs(of: node.name).isEmpty { fields += ", .feedback = 1" }
        if !inputs.isEmpty {
            fields += ", .inputs = \(declare("static const sb_input_def", "inputs", "{\n    \(inputs.joined(separator: ",\n    "))\n}", array: true)), .input_count = \(inputs.count)"
        }
        if !uniforms.isEmpty {
            fields += ", .uniforms = \(declare("static const sb_uniform_def", "uniforms", "{\n    \(uniforms.joined(separator: ",\n    "))\n}", array: true)), .uniform_count = \(uniforms.count)"
        }
        fields += texelFields(pass)
        if let header = interface.isf, !header.passes.isEmpty {
            fields += isfFields(header, pass: pass)
        }
        return "{ \(fields) }"
    }

    /// GPUImage's neighbourhood convention, settled as the executor settles it.
    private func texelFields(_ pass: ShaderPass) -> String {
        var fields = ""
        for (name, axis) in [(VertexStage.texelWidthUniform, "width"), (VertexStage.texelHeightUniform, "height")] {
            if case .literal(let numbers, _)? = pass.uniforms[name], numbers.count == 1 {
                fields += ", .texel_\(axis)_literal = 1, .texel_\(axis) = \(float(numbers[0]))"
            } else if pass.uniforms[name] == nil, let declaration = pass.interface.uniform(named: name), declaration.type == .float {
                fields += ", .texel_\(axis)_uniform = 1"
            }
        }
        return fields
    }

    private mutating func isfFields(_ header: ISFHeader, pass: ShaderPass) -> String {
        // The literal numbers WIDTH/HEIGHT expressions may read, as the executor takes them.
        var literals: [String: Double] = [:]
        for declaration in pass.interface.uniforms {
            if case .literal(let values, _)? = pass.uniforms[declaration.name], let first = values.first {
                literals[declaration.name] = Double(first)
            } else if let first = declaration.annotation?.defaultValue?.first {
                literals[declaration.name] = Double(first)
            }
        }
        let names = Array(Set(header.passes.compactMap(\.target))).sorted()
        let firstUnit = pass.interface.samplers.count
        var targets: [String] = []
        var targetIndex: [String: Int] = [:]
        for (number, isfPass) in header.passes.enumerated() {
            guard let name = isfPass.target, targetIndex[name] == nil else { continue }
            targetIndex[name] = targets.count
            let unit = firstUnit + (names.firstIndex(of: name) ?? 0)
            targets.append("{ \(CodeLiteral.c(name)), \(unit), \(isfPass.isFloat ? 1 : 0), \(isfPass.isPersistent ? 1 : 0), \(number) }")
        }
        var passes: [String] = []
        for isfPass in header.passes {
            let width = isfPass.width.map { sizeFunction($0, literals: literals) } ?? "NULL"
            let height = isfPass.height.map { sizeFunction($0, literals: literals) } ?? "NULL"
            passes.append("{ \(isfPass.target.flatMap { targetIndex[$0] } ?? -1), \(width), \(height) }")
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

    private mutating func addProgram(vertex: String, fragment: String, what: String) -> Int {
        programs.append((vertex, fragment, what))
        return programs.count - 1
    }

    private func size(_ size: PixelSize?) -> String {
        size.map { ", .width = \($0.width), .height = \($0.height)" } ?? ""
    }

    private mutating func declare(_ type: String, _ stem: String, _ value: String, array: Bool) -> String {
        counter += 1
        let name = "sb_\(stem)_\(counter)"
        declarations.append("\(type) \(name)\(array ? "[]" : "") = \(value);")
        return name
    }

    private mutating func floats(_ values: [Float]) -> String {
        guard !values.isEmpty else { return "NULL" }
        return declare("static const float", "numbers", "{ \(values.map(float).joined(separator: ", ")) }", array: true)
    }

    private mutating func integers(_ values: [Int]) -> String {
        guard !values.isEmpty else { return "NULL" }
        return declare("static const int", "components", "{ \(values.map(String.init).joined(separator: ", ")) }", array: true)
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
