/// The README beside a C export: what the two files are, the line that builds them, and a frame drawn with them,
/// for someone who has the export but not the workbench.
enum CReadme {
    static func text(for export: CExport, from file: String) -> String {
        let prefix = export.prefix, upper = export.upper
        var feed = zip(export.interface.inputs, export.inputFunctions).map { input, function in
            "\(prefix)_\(function)(graph, \(Identifier.snake(input.node, fallback: "input"))_texture, width, height);"
        }
        if feed.isEmpty { feed = ["/* (no inputs: it makes its own images) */"] }
        let parameters = export.interface.parameters.isEmpty
            ? "This composition publishes none."
            : "Each published parameter has a setter, clamped to its range: "
                + export.parameterFunctions.map { "`\(prefix)_\($0)`" }.joined(separator: ", ") + "."
        let version = export.runsCompute ? "3.1 (its compute nodes run kernels)" : "3.0"
        return """
            # \(prefix)

            `\(export.headerName)` and `\(export.sourceName)` are the composition `\(file)`, exported by
            `shaderbench export --c`. They are plain C99 that needs OpenGL ES \(version) and nothing else: the shaders
            and the graph are inside, so nothing is read from disk, and each frame is the workbench's own, pixel
            for pixel, at the render size.

            ## Build

            Add the source to your build, or compile it on its own and link with GLES:

            ```sh
            cc -std=c99 -O2 -c \(export.sourceName) -o \(prefix).o
            cc your_app.o \(prefix).o -lGLESv2 -lm -o your_app
            ```

            ## Draw a frame

            On the thread whose OpenGL ES \(export.runsCompute ? "3.1" : "3") context is current (creating the graph without one, or
            \(export.runsCompute ? "on an older one" : "with none"), fails with `\(upper)_ERROR_GL` and says so):

            ```c
            #include "\(export.headerName)"

            char message[1024];
            \(prefix) *graph = NULL;
            if (\(prefix)_create(&graph, message, sizeof message) != \(upper)_OK) {
                fprintf(stderr, "%s\\n", message);
                return 1;
            }
            /* each frame */
            \(feed.joined(separator: "\n"))
            if (\(prefix)_process(graph, seconds, frame, output_texture, width, height) != \(upper)_OK) {
                fprintf(stderr, "%s\\n", \(prefix)_last_error(graph));
            }
            /* at the end */
            \(prefix)_destroy(graph);
            ```

            Inputs are RGBA textures with row 0 at the image's top. \(parameters) The header says what every
            function does and which GL state a frame changes.

            """
    }
}
