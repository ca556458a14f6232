import ShaderLanguage

extension Composition {
    /// This composition with the built-in filter at `path` as node `name`, reading node `node`'s image, and
    /// its parameters published so they can be tuned: a preview of what `FilterInsertion` would write, seen by
    /// showing that node. Nothing else reads the new node, so everything else runs as before.
    public func previewing(filterAt path: String, named name: String, after node: String) throws(DiagnosticsError) -> Composition {
        let source: SourceText
        let interface: ShaderInterface
        do throws(Diagnostic) {
            source = try UserFile.readText(path: path)
            interface = try ShaderInterface.read(source)
        } catch {
            throw DiagnosticsError([error])
        }
        guard let index = nodes.firstIndex(where: { $0.name == node }), let imageInput = interface.primaryImageInput else {
            throw DiagnosticsError([source.error("\(path) takes no image to run on the image of '\(node)'", line: 1, column: 1)])
        }
        let start = source.location(line: 1, column: 1)
        let pass = ShaderPass(file: path, source: source, interface: interface,
                              inputs: [imageInput.name: Wire(node: node, location: start)])
        var result = self
        result.nodes.insert(Node(name: name, kind: .shader(pass), location: start), at: index + 1)
        result.published += interface.parameters.map { ParameterReference(node: name, uniform: $0.name, location: start) }
        return result
    }
}
