import ShaderLanguage

/// A compute kernel opened on its own (`shaderbench glow.comp`, or a `.glsl` whose text declares its work group
/// size): the one-node composition of it, as a fragment shader opened on its own is one. Its first image input (a
/// sampler or a `readonly` image) takes the live source, any other a second test pattern; its image is the render
/// size.
extension CompositionOpener {
    static func kernelComposition(path: String, source: SourceText, includeFolders: [String]) throws(DiagnosticsError) -> Composition {
        let interface: ComputeInterface
        let format: ComputeShaderFormat?
        do throws(Diagnostic) {
            format = try ComputeShaderFormat.read(source)
            interface = try ComputeInterface.read(format?.kernelSource(ofPass: 0) ?? source)
        } catch {
            throw DiagnosticsError([error])
        }
        // A composition gives such a buffer its length; a kernel on its own has nowhere to say it.
        if let buffer = interface.buffers.first(where: { $0.runtimeElement != nil }) {
            throw DiagnosticsError([source.error(
                "buffer '\(buffer.name)' ends in an array of no stated length, which a kernel opened on its own cannot be given; "
                    + "open it from a composition that says how long: buffers: { \(buffer.name): { count: N } }",
                line: buffer.line, column: buffer.column, code: .computeBuffer)])
        }
        let name = NodeName.isValid(fileStem(path)) ? fileStem(path) : "kernel"
        let images = format.map { $0.imageInputs.map(\.name) } ?? interface.samplers.map(\.name) + interface.images.filter { !$0.access.writes }.map(\.name)
        let inputs = images.enumerated().map { index, image in (image, index == 0 ? liveNodeName : secondNodeName) }
        var text = "nodes:\n" + LoneShaderComposition.computeEntry(name: name, file: path, inputs: inputs) + "\n"
        for pattern in Set(inputs.map(\.1)).sorted() { text += "  \(pattern): { kind: pattern }\n" }
        text += "output: \(name)\n"
        var composition = try CompositionLoader.load(source: SourceText(path: path, text: text), includeFolders: includeFolders)
        composition.liveSource = inputs.isEmpty ? nil : liveNodeName
        return composition
    }
}
