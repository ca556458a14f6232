import GPU
import ShaderGraph
import ShaderLanguage

extension CExport {
    /// The `.c` file: the runtime, this composition's tables and its description, and the functions the
    /// header declares.
    func source(tables: CTables, from file: String) -> String {
        var parts: [String] = []
        parts.append("/* \(prefix): the composition \(CodeLiteral.comment(file)), exported by shaderbench. The runtime first\n   is the same in every export, private to this file; the tables after it are this composition's. */")
        parts.append("#include \"\(headerName)\"\n\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>")
        parts.append("/* ---- The runtime. ---- */")
        if runsCompute { parts.append("/* Its compute nodes run kernels, on GLES 3.1. */\n#define SB_RUNTIME_COMPUTE") }
        parts.append(CRuntimeFile.amalgamation)
        parts.append("/* ---- This composition. ---- */")
        let inputNames = array("static const char *const", "sb_input_names", interface.inputs.map { CodeLiteral.c($0.node) }, into: &parts)
        let programs = array("static const sb_program_def", "sb_programs", tables.programs.map { program in
            let stages = program.compute == nil ? "\(text(program.vertex)), \(text(program.fragment))" : "{ NULL, 0 }, { NULL, 0 }"
            return "{ \(stages), \(CodeLiteral.c(program.what)), \(program.fetchingFragment.map(text) ?? "{ NULL, 0 }"), \(program.compute.map(text) ?? "{ NULL, 0 }") }"
        }, into: &parts)
        parts += tables.declarations
        let steps = array("static const sb_step_def", "sb_steps", tables.steps, into: &parts)
        let values = array("static const sb_value_def", "sb_values", tables.valueSteps.map { "{ \(CodeLiteral.c($0.node)), \($0.step) }" }, into: &parts)
        parts.append(builtInShaders(tables: tables))
        parts.append("""
            static const sb_composition sb_this_composition = {
                .programs = \(programs), .program_count = \(tables.programs.count),
                .steps = \(steps), .step_count = \(tables.steps.count),
                .input_names = \(inputNames), .input_count = \(interface.inputs.count),
                .values = \(values), .value_count = \(tables.valueSteps.count),
                .render_width = \(tables.renderSize.width), .render_height = \(tables.renderSize.height),
                .render_size_input = \(tables.renderSizeInput),
                .output_step = \(tables.outputStep),
                .uses_reshape = \(tables.usesReshape ? 1 : 0),
                .uses_measure = { \(tables.usesMeasure.map { $0 ? "1" : "0" }.joined(separator: ", ")) },
                .shaders = &sb_built_in
            };
            """)
        parts.append(functions(tables: tables))
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// A table of `elements` declared into `parts` under `name`, or `NULL` for none: C has no empty arrays.
    private func array(_ type: String, _ name: String, _ elements: [String], into parts: inout [String]) -> String {
        guard !elements.isEmpty else { return "NULL" }
        parts.append("\(type) \(name)[] = {\n    \(elements.joined(separator: ",\n    "))\n};")
        return name
    }

    /// The GPU module's GLSL the runtime draws with, each in the text the executor compiles; the
    /// reductions this composition never measures are left empty.
    private func builtInShaders(tables: CTables) -> String {
        let shrinks = [
            ReductionShaders.shrinkAverage(encodingCentroid: false), ReductionShaders.shrinkAverage(encodingCentroid: false),
            ReductionShaders.shrinkAverage(encodingCentroid: true), ReductionShaders.shrinkAverage(encodingCentroid: false),
            ReductionShaders.shrinkMinMax(luminance: true), ReductionShaders.shrinkMinMax(luminance: false),
        ]
        let unused = "{ NULL, 0 }"
        let usedShrinks = shrinks.enumerated().map { tables.usesMeasure[$0.offset / 2] ? text($0.element) : unused }
        let histogram = tables.usesMeasure[3]
        let oneChannelCopies = CTables.oneChannelCopies.map { format, toStored in
            tables.usesOneChannelCopy[CTables.oneChannelCopy(format, toStored: toStored)] ? text(GPUShaderFile.oneChannelCopy(format, toStored: toStored)) : unused
        }
        return """
            static const sb_built_in_shaders sb_built_in = {
                .fullscreen_vertex = \(text(GPUShaderFile.fullscreenVertex.text)),
                .reshape_fragment = \(text(GPUShaderFile.inputReshape.text)),
                .copy_vertex = \(text(GPUShaderFile.outputCopyVertex.text)),
                .copy_fragment = \(text(GPUShaderFile.outputCopyFragment.text)),
                .shrink_fragments = {
                    \(usedShrinks.joined(separator: ",\n        "))
                },
                .histogram_vertex = \(histogram ? text(GPUShaderFile.histogramVertex.text) : unused),
                .histogram_fragment = \(histogram ? text(GPUShaderFile.histogramFragment.text) : unused),
                .one_channel_copies = {
                    \(oneChannelCopies.joined(separator: ",\n        "))
                }
            };
            """
    }

    /// Shader text as the workbench hands it to the driver, up to its first NUL if it has one, in pieces
    /// short enough for any C99 compiler.
    private func text(_ text: String) -> String {
        let pieces = CodeLiteral.cPieces(Array(text.utf8.prefix { $0 != 0 }))
        return "{ (const char *const[]){\n    \(pieces.joined(separator: ",\n    "))\n    }, \(pieces.count) }"
    }

    private func functions(tables: CTables) -> String {
        let p = prefix
        var lines = [
            "/* ---- The functions the header declares. ---- */",
            "",
            "struct \(p) { sb_runtime *runtime; };",
            "",
            "\(p)_status \(p)_create(\(p) **graph, char *message, size_t message_capacity) {",
            "    sb_runtime *runtime = NULL;",
            "    int status;",
            "    if (!graph) return \(upper)_ERROR_ARGUMENT;",
            "    *graph = NULL;",
            "    status = sb_create(&runtime, &sb_this_composition, message, message_capacity);",
            "    if (status != SB_OK) return (\(p)_status)status;",
            "    *graph = (\(p) *)malloc(sizeof **graph);",
            "    if (!*graph) {",
            "        sb_destroy(runtime);",
            "        if (message && message_capacity) snprintf(message, message_capacity, \"out of memory\");",
            "        return \(upper)_ERROR_OUT_OF_MEMORY;",
            "    }",
            "    (*graph)->runtime = runtime;",
            "    return \(upper)_OK;",
            "}",
            "",
            "void \(p)_destroy(\(p) *graph) {",
            "    if (!graph) return;",
            "    sb_destroy(graph->runtime);",
            "    free(graph);",
            "}",
            "",
            "const char *\(p)_last_error(const \(p) *graph) { return graph ? sb_last_error(graph->runtime) : \"no graph\"; }",
            "",
            "\(p)_status \(p)_resize(\(p) *graph, int width, int height) { return (\(p)_status)sb_resize(graph->runtime, width, height); }",
            "",
            "void \(p)_render_size(const \(p) *graph, int *width, int *height) { sb_render_size(graph->runtime, width, height); }",
            "",
            "\(p)_status \(p)_process(\(p) *graph, double seconds, int frame, GLuint output_texture, int width, int height) {",
            "    return (\(p)_status)sb_render_to_texture(graph->runtime, seconds, frame, output_texture, width, height);",
            "}",
            "",
            "\(p)_status \(p)_process_to_framebuffer(\(p) *graph, double seconds, int frame, GLuint framebuffer, int width, int height) {",
            "    return (\(p)_status)sb_render_to_framebuffer(graph->runtime, seconds, frame, framebuffer, width, height);",
            "}",
            "",
            "int \(p)_value(const \(p) *graph, const char *node, float *values, int capacity) { return sb_value(graph->runtime, node, values, capacity); }",
        ]
        for (number, function) in inputFunctions.enumerated() {
            lines += ["", "\(p)_status \(p)_\(function)(\(p) *graph, GLuint texture, int width, int height) {",
                      "    return (\(p)_status)sb_set_input(graph->runtime, \(number), texture, width, height);", "}"]
        }
        for input in interface.inputs {
            guard let function = movieTimeFunctions[input.node], let timing = tables.movieTimings[input.node] else { continue }
            let movie = timing.movie
            lines += ["", "double \(p)_\(function)(double seconds, double duration) {",
                      "    return sb_movie_time(\(timing.timeCurve.map { "&" + $0 } ?? "NULL"), \(tables.double(movie.start)), "
                        + "\(tables.double(movie.speed)), \(movie.loop ? 1 : 0), seconds, duration);", "}"]
        }
        for (number, (parameter, function)) in zip(interface.parameters, parameterFunctions).enumerated() {
            let count = parameter.count
            let step = tables.parameterSteps[number]
            if parameter.arrayLength != nil || count > 4 || parameter.type.componentCount == nil {
                lines += ["", "void \(p)_\(function)(\(p) *graph, const float *values) {",
                          "    if (values) sb_set_value(graph->runtime, \(step), values, \(count));", "}"]
            } else {
                let components = Self.componentNames(count)
                let scalar = parameter.type.scalarKind == GLSLType.ScalarKind.float ? "float" : "int"
                lines += ["", "void \(p)_\(function)(\(p) *graph, \(components.map { "\(scalar) \($0)" }.joined(separator: ", "))) {",
                          "    const float values[\(count)] = { \(components.map { "(float)\($0)" }.joined(separator: ", ")) };",
                          "    sb_set_value(graph->runtime, \(step), values, \(count));", "}"]
            }
        }
        for (number, (interaction, function)) in zip(interface.interactions, interactionFunctions).enumerated() {
            let step = tables.interactionSteps[number]
            let (arguments, values): (String, [String])
            switch interaction.kind {
            case .pick: (arguments, values) = ("float r, float g, float b, float a", ["r", "g", "b", "a"])
            case .drag: (arguments, values) = ("float value", ["value"])
            case .mouse: (arguments, values) = ("float x, float y, int pressed", ["x", "y", "(float)(pressed != 0)"])
            default: (arguments, values) = ("int held", ["(float)(held != 0)"])
            }
            lines += ["", "void \(p)_\(function)(\(p) *graph, \(arguments)) {",
                      "    const float values[\(values.count)] = { \(values.joined(separator: ", ")) };",
                      "    sb_set_value(graph->runtime, \(step), values, \(values.count));", "}"]
        }
        return lines.joined(separator: "\n")
    }
}
