import GPU
import ShaderGraph
import ShaderLanguage

/// A composition as a C99 header and source pair for any GLES 3 app: the graph lowered to tables (every
/// program's final text, every step with its inputs, uniforms and sizes) and a small runtime that runs
/// them the way the workbench's executor does, so the pixels match.
struct CExport {
    let prefix: String
    let interface: ExportedInterface
    /// Whether it has compute nodes, which run on GLES 3.1.
    let runsCompute: Bool
    private let composition: Composition
    private var names = IdentifierScope(reserved: ["create", "destroy", "last_error", "resize", "render_size",
                                                   "process", "process_to_framebuffer", "value", "status"], separator: "_")
    private(set) var inputFunctions: [String] = []
    private(set) var parameterFunctions: [String] = []
    private(set) var interactionFunctions: [String] = []
    /// `_movie_time_NODE` for each movie input, by node name.
    private(set) var movieTimeFunctions: [String: String] = [:]

    init(_ plan: FramePlan, name: String) throws(DiagnosticsError) {
        interface = try ExportedInterface(plan)
        runsCompute = plan.steps.contains { if case .compute = $0.work { true } else { false } }
        composition = plan.composition
        var prefix = Identifier.standalone(Identifier.snake(name, fallback: "graph"), in: .c, lead: "graph_")
        if prefix.hasPrefix("sb_") || prefix == "sb" { prefix = "graph_" + prefix }
        self.prefix = prefix
        inputFunctions = interface.inputs.map { names.claim("set_input_" + Identifier.snake($0.node, fallback: "input")) }
        parameterFunctions = interface.parameters.map { parameter in
            names.claim("set_" + Identifier.snake("\(parameter.reference.node)_\(parameter.reference.uniform)", fallback: "parameter"))
        }
        interactionFunctions = interface.interactions.map { names.claim("set_" + Identifier.snake($0.node, fallback: "value")) }
        for input in interface.inputs where input.kind == "movie" {
            movieTimeFunctions[input.node] = names.claim("movie_time_" + Identifier.snake(input.node, fallback: "input"))
        }
    }

    var headerName: String { prefix + ".h" }
    var sourceName: String { prefix + ".c" }
    var upper: String { prefix.uppercased() }

    // MARK: The header

    func header(from file: String) -> String {
        let guardName = upper + "_H"
        var lines = [
            "/* \(prefix): the composition \(CodeLiteral.comment(file)), exported by shaderbench.",
            "",
            runsCompute ? "   Runs on the app's current OpenGL ES 3.1 context (its compute nodes run kernels; a 3.0 context is refused at\n   \(prefix)_create), with nothing beyond GLES. Call every"
                : "   Runs on the app's current OpenGL ES 3.0 context, with nothing beyond GLES. Call every",
            "   function with the context that created the graph current. Every GL object the graph makes is",
            "   released by \(prefix)_destroy. Functions return \(upper)_OK or an error; \(prefix)_last_error says",
            "   what went wrong. Rendering changes the bound framebuffer, program, textures, vertex array and",
            runsCompute ? "   viewport, image units and shader storage buffer bindings; an app that relies on them sets them again\n   afterwards."
                : "   viewport; an app that relies on them sets them again afterwards.",
            "",
            "   Per frame: feed each input's texture (RGBA, row 0 the image's top), set parameters, then",
            "   \(prefix)_process into the app's texture. Frames are the workbench's own, pixel for pixel, when",
            "   the output is the render size. */",
            "#ifndef \(guardName)",
            "#define \(guardName)",
            "",
            "#include <stddef.h>",
            runsCompute ? "#include <GLES3/gl31.h>" : "#include <GLES3/gl3.h>",
            "",
            "#ifdef __cplusplus",
            "extern \"C\" {",
            "#endif",
            "",
            "typedef struct \(prefix) \(prefix);",
            "",
            "typedef enum \(prefix)_status {",
            "    \(upper)_OK = 0,",
            "    \(upper)_ERROR_COMPILE = 1,        /* a shader did not compile or link on this GL */",
            "    \(upper)_ERROR_GL = 2,             /* GL refused something (an unsupported format, say) */",
            "    \(upper)_ERROR_OUT_OF_MEMORY = 3,",
            "    \(upper)_ERROR_ARGUMENT = 4,       /* a size or texture that cannot be used */",
            "    \(upper)_ERROR_MISSING_INPUT = 5   /* an input has no texture yet */",
            "} \(prefix)_status;",
            "",
            "/* Compiles the graph's shaders on the current context. On failure *graph is NULL and, when",
            "   message is not NULL, it holds the reason (the driver's log for a shader). */",
            "\(prefix)_status \(prefix)_create(\(prefix) **graph, char *message, size_t message_capacity);",
            "",
            "/* Releases every GL object and the memory the graph holds. NULL is allowed. */",
            "void \(prefix)_destroy(\(prefix) *graph);",
            "",
            "/* What the last failing call on graph went wrong with. */",
            "const char *\(prefix)_last_error(const \(prefix) *graph);",
            "",
            "/* Renders at width x height from the next frame; 0 x 0 goes back to the composition's own size\(composition.size.map { " (\($0.width) x \($0.height))" } ?? " (its first input's size)"). */",
            "\(prefix)_status \(prefix)_resize(\(prefix) *graph, int width, int height);",
            "",
            "/* The size frames render at (0 x 0 before the first frame). */",
            "void \(prefix)_render_size(const \(prefix) *graph, int *width, int *height);",
            "",
            "/* Renders the frame at seconds (frame number frame, for shaders that count frames) into the",
            "   app's RGBA texture of width x height: exact at the render size, scaled otherwise. */",
            "\(prefix)_status \(prefix)_process(\(prefix) *graph, double seconds, int frame, GLuint output_texture, int width, int height);",
            "",
            "/* The same into a framebuffer of the app's (0: the default one) of width x height. */",
            "\(prefix)_status \(prefix)_process_to_framebuffer(\(prefix) *graph, double seconds, int frame, GLuint framebuffer, int width, int height);",
            "",
            "/* A value node's numbers after the last frame, by node name (a centroid, a picked colour, ...): up",
            "   to capacity of them into values; returns how many the node has, or -1 for no such node. */",
            "int \(prefix)_value(const \(prefix) *graph, const char *node, float *values, int capacity);",
        ]
        if !interface.inputs.isEmpty { lines += ["", "/* Inputs: the app's RGBA textures, read each frame and never deleted by the graph. */"] }
        for (input, function) in zip(interface.inputs, inputFunctions) {
            lines.append("/* '\(CodeLiteral.comment(input.node))' (\(input.kind) in the composition) */")
            lines.append("\(prefix)_status \(prefix)_\(function)(\(prefix) *graph, GLuint texture, int width, int height);")
        }
        let movies = interface.inputs.filter { movieTimeFunctions[$0.node] != nil }
        if !movies.isEmpty {
            lines += ["", "/* Which moment of a movie input to feed for the frame at seconds, in the movie's seconds: its keyed",
                      "   time, or its start and speed, looped or held at its end as the workbench plays it. duration is",
                      "   the movie's length in seconds (0 when unknown). */"]
        }
        for input in movies {
            lines.append("double \(prefix)_\(movieTimeFunctions[input.node] ?? "")(double seconds, double duration);")
        }
        if !interface.parameters.isEmpty { lines += ["", "/* Published parameters, clamped to their ranges. */"] }
        for (parameter, function) in zip(interface.parameters, parameterFunctions) {
            lines.append("/* \(CodeLiteral.comment(parameterSummary(parameter))) */")
            lines.append("void \(prefix)_\(function)(\(prefix) *graph, \(arguments(for: parameter)));")
        }
        if !interface.interactions.isEmpty { lines += ["", "/* Values the workbench takes from the pointer and keys; here the app sets them. */"] }
        for (interaction, function) in zip(interface.interactions, interactionFunctions) {
            lines.append("/* \(CodeLiteral.comment(interactionSummary(interaction))) */")
            lines.append("void \(prefix)_\(function)(\(prefix) *graph, \(interactionArguments(interaction)));")
        }
        lines += ["", "#ifdef __cplusplus", "}", "#endif", "", "#endif", ""]
        return lines.joined(separator: "\n")
    }

    private func parameterSummary(_ parameter: PlannedParameter) -> String {
        var text = "\(parameter.reference): \(parameter.type)\(parameter.arrayLength.map { "[\($0)]" } ?? "")"
        if let label = parameter.declaredLabel { text += ", \"\(label)\"" }
        if let minimum = parameter.bounds.minimum, let maximum = parameter.bounds.maximum { text += ", from \(numbers(minimum)) to \(numbers(maximum))" }
        if let initial = parameter.startingValue { text += ", initially \(numbers(initial))" } else { text += ", wired in the composition until set" }
        return text
    }

    private func interactionSummary(_ interaction: ExportedInterface.Interaction) -> String {
        switch interaction.kind {
        case .pick: "'\(interaction.node)': the picked colour, r g b a (initially \(numbers(interaction.initial)))"
        case .drag: "'\(interaction.node)': the dragged number, from \(interaction.minimum ?? 0) to \(interaction.maximum ?? 1) (initially \(numbers(interaction.initial)))"
        case .mouse: "'\(interaction.node)': the pointer, x and y from the output's top-left (0 to 1), pressed 1 or 0"
        default: "'\(interaction.node)': 1 while its key is held, else 0"
        }
    }

    private func numbers(_ values: [Float]) -> String {
        values.count == 1 ? "\(values[0])" : "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// Scalars and vectors take one argument per component; arrays and matrices a pointer to all of them.
    private func arguments(for parameter: PlannedParameter) -> String {
        let count = parameter.count
        if parameter.arrayLength != nil || count > 4 || parameter.type.componentCount == nil {
            return "const float *values /* \(count) */"
        }
        let scalar = parameter.type.scalarKind == GLSLType.ScalarKind.float ? "float" : "int"
        return Self.componentNames(count).map { "\(scalar) \($0)" }.joined(separator: ", ")
    }

    /// A scalar is `value`; a vector's components are x, y, z, w.
    static func componentNames(_ count: Int) -> [String] {
        count == 1 ? ["value"] : Array(["x", "y", "z", "w"].prefix(count))
    }

    private func interactionArguments(_ interaction: ExportedInterface.Interaction) -> String {
        switch interaction.kind {
        case .pick: "float r, float g, float b, float a"
        case .drag: "float value"
        case .mouse: "float x, float y, int pressed"
        default: "int held"
        }
    }
}
