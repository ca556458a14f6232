extension ShaderInterface {
    /// The interface of an ISF shader: its header's INPUTS as uniforms, located at their NAME in the header,
    /// then any uniforms its text declares itself. The text is compiled as GLSL ES 3.00 after the prelude.
    static func isf(_ header: ISFHeader, declared: [Declaration], varyings: [Declaration], source: SourceText) throws(Diagnostic) -> ShaderInterface {
        try requireSupported(header, in: source)
        for declaration in declared where header.input(named: declaration.name) != nil || ISFDialect.builtInNames.contains(declaration.name) {
            throw source.error("'\(declaration.name)' is declared by ISF already (its header's INPUTS or a built-in); remove this declaration",
                               line: declaration.line, column: declaration.column)
        }
        let inputs = header.inputs.map { input in
            Declaration(name: input.name, type: input.kind.glslType, arrayLength: nil, line: input.location.line,
                        column: input.location.column, annotation: input.annotation)
        }
        var interface = ShaderInterface(version: .es300, uniforms: inputs + declared, varyings: varyings, bodyStartLine: 1)
        interface.dialect = .isf
        interface.isf = header
        return interface
    }

    /// What the executor cannot run yet is refused at the header key that asks for it, never half-run.
    private static func requireSupported(_ header: ISFHeader, in source: SourceText) throws(Diagnostic) {
        if header.passes.count > 1, let location = header.passesLocation {
            throw source.error("ISF PASSES with more than one pass are not supported yet", line: location.line, column: location.column)
        }
        if let location = header.passes.first?.targetLocation {
            throw source.error("ISF pass targets (TARGET) are not supported yet; a single pass draws the node's output without one",
                               line: location.line, column: location.column)
        }
        if !header.imported.isEmpty, let location = header.importedLocation {
            throw source.error("ISF IMPORTED images are not supported yet; add the image as an image node and wire it to an image input instead",
                               line: location.line, column: location.column)
        }
    }
}
