import GPU
import ShaderGraph

extension CExport {
    /// The `.c` file: the tables for this composition, the runtime, and the functions the header declares.
    func source(tables: CTables, from file: String) -> String {
        var parts: [String] = []
        parts.append("/* \(prefix): the composition \(CodeLiteral.comment(file)), exported by shaderbench. The\n   tables are this composition's; the runtime after them is the same in every export. */")
        parts.append("#include \"\(headerName)\"\n\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <time.h>")
        parts.append(CRuntimeSource.definitions)
        parts.append("/* ---- This composition. ---- */")
        parts.append("enum { sb_program_count = \(tables.programs.count), sb_step_count = \(tables.steps.count), sb_input_count = \(interface.inputs.count) };")
        parts.append("static const int sb_render_width = \(tables.renderSize.width), sb_render_height = \(tables.renderSize.height), sb_render_size_input = \(tables.renderSizeInput);")
        parts.append("static const int sb_output_step = \(tables.outputStep);")
        parts.append("#define SB_HAS_INPUTS \(interface.inputs.isEmpty ? 0 : 1)\n#define SB_HAS_SETTERS \(interface.parameters.isEmpty && interface.interactions.isEmpty ? 0 : 1)")
        parts.append("static const int sb_uses_reshape = \(tables.usesReshape ? 1 : 0);")
        parts.append("static const int sb_uses_measure[4] = { \(tables.usesMeasure.map { $0 ? "1" : "0" }.joined(separator: ", ")) };")
        let inputNames = interface.inputs.isEmpty ? ["\"\""] : interface.inputs.map { CodeLiteral.c($0.node) }
        parts.append("static const char *const sb_input_names[] = { \(inputNames.joined(separator: ", ")) };")
        parts.append("static const sb_text sb_fullscreen_vertex = \(text(GPUShaderFile.fullscreenVertex.text));")
        parts.append("static const sb_text sb_reshape_fragment = \(text(GPUShaderFile.inputReshape.text));")
        parts.append("static const sb_text sb_copy_vertex = \(text(GPUShaderFile.outputCopyVertex.text));")
        parts.append("static const sb_text sb_copy_fragment = \(text(GPUShaderFile.outputCopyFragment.text));")
        let shrinks = [
            ReductionShaders.shrinkAverage(encodingCentroid: false), ReductionShaders.shrinkAverage(encodingCentroid: false),
            ReductionShaders.shrinkAverage(encodingCentroid: true), ReductionShaders.shrinkAverage(encodingCentroid: false),
            ReductionShaders.shrinkMinMax(luminance: true), ReductionShaders.shrinkMinMax(luminance: false),
        ]
        let used = shrinks.enumerated().map { tables.usesMeasure[$0.offset / 2] ? text($0.element) : "{ \"\", 0 }" }
        parts.append("static const sb_text sb_shrink_fragments[6] = {\n    \(used.joined(separator: ",\n    "))\n};")
        parts.append("static const sb_text sb_histogram_vertex = \(tables.usesMeasure[3] ? text(GPUShaderFile.histogramVertex.text) : "{ \"\", 0 }");")
        parts.append("static const sb_text sb_histogram_fragment = \(tables.usesMeasure[3] ? text(GPUShaderFile.histogramFragment.text) : "{ \"\", 0 }");")
        let programs = tables.programs.map { "{ \(text($0.vertex)), \(text($0.fragment)), \(CodeLiteral.c($0.what)) }" }
        parts.append("static const sb_program_def sb_programs[sb_program_count + 1] = {\n    \((programs + ["{ { \"\", 0 }, { \"\", 0 }, \"\" }"]).joined(separator: ",\n    "))\n};")
        parts += tables.declarations
        parts.append("static const sb_step_def sb_steps[sb_step_count] = {\n    \(tables.steps.joined(separator: ",\n    "))\n};")
        let values = tables.valueSteps.map { "{ \(CodeLiteral.c($0.node)), \($0.step) }" } + ["{ NULL, 0 }"]
        parts.append("static const struct { const char *node; int step; } sb_values[] = {\n    \(values.joined(separator: ",\n    "))\n};")
        parts.append(CRuntimeSource.runtime)
        parts.append(functions(tables: tables))
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Shader text as the workbench hands it to the driver: up to its first NUL, if it has one.
    private func text(_ text: String) -> String {
        let bytes = Array(text.utf8.prefix { $0 != 0 })
        return "{ \(CodeLiteral.c(text)), \(bytes.count) }"
    }

    private func functions(tables: CTables) -> String {
        let p = prefix
        var lines = [
            "/* ---- The functions the header declares. ---- */",
            "",
            "struct \(p) { sb_runtime runtime; };",
            "",
            "\(p)_status \(p)_create(\(p) **graph, char *message, size_t message_capacity) {",
            "    sb_runtime *runtime = NULL;",
            "    int status;",
            "    if (!graph) return \(upper)_ERROR_ARGUMENT;",
            "    status = sb_create(&runtime, message, message_capacity);",
            "    *graph = (\(p) *)runtime;",
            "    return (\(p)_status)status;",
            "}",
            "",
            "void \(p)_destroy(\(p) *graph) { sb_destroy((sb_runtime *)graph); }",
            "",
            "const char *\(p)_last_error(const \(p) *graph) { return graph ? graph->runtime.error : \"no graph\"; }",
            "",
            "\(p)_status \(p)_resize(\(p) *graph, int width, int height) { return (\(p)_status)sb_resize(&graph->runtime, width, height); }",
            "",
            "void \(p)_render_size(const \(p) *graph, int *width, int *height) {",
            "    if (width) *width = graph->runtime.configured ? graph->runtime.render_width : 0;",
            "    if (height) *height = graph->runtime.configured ? graph->runtime.render_height : 0;",
            "}",
            "",
            "\(p)_status \(p)_process(\(p) *graph, double seconds, int frame, GLuint output_texture, int width, int height) {",
            "    return (\(p)_status)sb_render_to_texture(&graph->runtime, seconds, frame, output_texture, width, height);",
            "}",
            "",
            "\(p)_status \(p)_process_to_framebuffer(\(p) *graph, double seconds, int frame, GLuint framebuffer, int width, int height) {",
            "    return (\(p)_status)sb_render_to_framebuffer(&graph->runtime, seconds, frame, framebuffer, width, height);",
            "}",
            "",
            "int \(p)_value(const \(p) *graph, const char *node, float *values, int capacity) {",
            "    int index, component;",
            "    for (index = 0; node && sb_values[index].node; index++) {",
            "        const sb_step_state *state;",
            "        if (strcmp(sb_values[index].node, node) != 0) continue;",
            "        state = &graph->runtime.steps[sb_values[index].step];",
            "        for (component = 0; component < state->value_count && component < capacity && values; component++) values[component] = state->value[component];",
            "        return state->value_count;",
            "    }",
            "    return -1;",
            "}",
        ]
        for (number, function) in inputFunctions.enumerated() {
            lines += ["", "\(p)_status \(p)_\(function)(\(p) *graph, GLuint texture, int width, int height) {",
                      "    return (\(p)_status)sb_set_input(&graph->runtime, \(number), texture, width, height);", "}"]
        }
        for (number, (parameter, function)) in zip(interface.parameters, parameterFunctions).enumerated() {
            let count = parameter.componentCount
            let step = tables.parameterSteps[number]
            if parameter.arrayLength != nil || count > 4 || parameter.type.componentCount == nil {
                lines += ["", "void \(p)_\(function)(\(p) *graph, const float *values) {",
                          "    if (values) sb_set_value(&graph->runtime, \(step), values, \(count));", "}"]
            } else {
                let components = Self.componentNames(count)
                let scalar = parameter.type.scalarKind == GLSLType.ScalarKind.float ? "float" : "int"
                lines += ["", "void \(p)_\(function)(\(p) *graph, \(components.map { "\(scalar) \($0)" }.joined(separator: ", "))) {",
                          "    const float values[\(count)] = { \(components.map { "(float)\($0)" }.joined(separator: ", ")) };",
                          "    sb_set_value(&graph->runtime, \(step), values, \(count));", "}"]
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
                      "    sb_set_value(&graph->runtime, \(step), values, \(values.count));", "}"]
        }
        return lines.joined(separator: "\n")
    }
}
