extension ShaderInterface {
    /// The interface of an ISF shader: its header's INPUTS as uniforms, located at their NAME in the header,
    /// then any uniforms its text declares itself. The text is compiled as GLSL ES 3.00 after the prelude.
    static func isf(_ header: ISFHeader, declared: [Declaration], varyings: [Declaration], source: SourceText,
                    files: SourceFiles) throws(Diagnostic) -> ShaderInterface {
        for declaration in declared where header.input(named: declaration.name) != nil || ISFDialect.builtInNames.contains(declaration.name) {
            throw source.error("'\(declaration.name)' is declared by ISF already (its header's INPUTS or a built-in); remove this declaration",
                               line: declaration.line, column: declaration.column, code: .isfHeader)
        }
        let inputs = header.inputs.map { input in
            Declaration(name: input.name, type: input.kind.glslType, arrayLength: nil, line: input.location.line,
                        column: input.location.column, annotation: input.annotation)
        }
        var interface = ShaderInterface(version: .es300, uniforms: inputs + declared, varyings: varyings, bodyStartLine: 1)
        interface.dialect = .isf
        interface.isf = header
        if let path = conventionalVertexShaderPath(of: source.path, dialect: .isf), files.isRegularFile(path) {
            interface.vertexShader = try files.readText(path: path)
        }
        return interface
    }
}
