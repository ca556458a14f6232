/// What a draw node's stages are given, by glslViewer's names (its README and UNIFORMS.md): the mesh's
/// attributes, the camera's and light's uniforms and the clock; and the two stages made ready for the driver,
/// the user's with `#line` numbering so messages name their own lines, or the workbench's where the node names
/// none, in the version of the other stage.
public enum ModelStage {
    /// Each attribute's name and the slot it is bound to before linking.
    public static let attributes = [(name: "a_position", location: 0), (name: "a_normal", location: 1), (name: "a_texcoord", location: 2),
                                    (name: "a_color", location: 3)]

    /// What the workbench sets: the model matrix (world from the mesh's own coordinates), the view and
    /// projection of the camera and their product with it, the matrix that turns normals into world space, where
    /// the camera and light are, the light's colour, the image's size in pixels and the clock.
    public static let hostUniforms: Set<String> = [
        "u_modelViewProjectionMatrix", "u_modelMatrix", "u_viewMatrix", "u_projectionMatrix", "u_normalMatrix", "u_camera", "u_light",
        "u_lightColor", "u_resolution", "u_time", "u_delta", "u_frame", "u_cameraNearClip", "u_cameraFarClip", "u_cameraDistance",
    ]

    /// The fragment stage's height in pixels, which its bottom-up `gl_FragCoord` is counted from.
    public static let passHeightUniform = "shaderbenchPassHeight"

    /// What the mesh has, as glslViewer says it to both stages: `MODEL_VERTEX_NORMAL`, `MODEL_VERTEX_TEXCOORD`,
    /// `MODEL_VERTEX_COLOR`, and how its primitives are drawn (`MODEL_PRIMITIVE_TRIANGLES`, …).
    public static func defines(normals: Bool, texcoords: Bool, colours: Bool, primitive: String) -> [String] {
        // Each is defined as the varying that carries it, as glslViewer defines them.
        (normals ? ["MODEL_VERTEX_NORMAL v_normal"] : []) + (texcoords ? ["MODEL_VERTEX_TEXCOORD v_texcoord"] : [])
            + (colours ? ["MODEL_VERTEX_COLOR v_color"] : [])
            + ["MODEL_PRIMITIVE_\(primitive.uppercased())"]
    }

    /// The stages of a draw node as the driver is given them. A user's stage keeps its own `#version` and lines;
    /// the workbench's takes the user's stage's version. Stages of two versions, or a vertex stage of the user's
    /// that never writes `gl_Position`, are refused (SB2303); so is a vertex stage that reads an attribute the
    /// mesh lacks (SB2301), named with those it has.
    public static func prepare(vertex: SourceText?, fragment: SourceText?, defines: [String], available: Set<String>,
                               precision: ShaderPrecision) throws(Diagnostic) -> (vertex: String, fragment: String) {
        func version(of stage: SourceText?) throws(Diagnostic) -> GLSLVersion? {
            guard let stage else { return nil }
            return try ShaderInterface.read(stage).version
        }
        let versions = [try version(of: vertex), try version(of: fragment)]
        if let vertexVersion = versions[0], let fragmentVersion = versions[1], vertexVersion != fragmentVersion, let vertex {
            throw vertex.error("the vertex stage is GLSL ES \(vertexVersion.rawValue) and the fragment stage (\(fragment?.path ?? "")) \(fragmentVersion.rawValue); "
                               + "both stages of a draw node are one version", line: 1, code: .drawStage)
        }
        let version = versions[0] ?? versions[1] ?? .es100
        if let vertex {
            try checkWritesPosition(vertex)
            try checkAttributes(of: vertex, available: available)
        }
        let precisionPrelude: [DialectShaderFile] = precision == .full ? [.fullPrecision] : []
        return (prepared(vertex, default: .modelVertex, prelude: precisionPrelude, version: version, defines: defines),
                prepared(fragment, default: .modelFragment, prelude: precisionPrelude + [.defaultPrecision, .bottomUpCoordinates], version: version, defines: defines))
    }

    private static func prepared(_ stage: SourceText?, default file: DialectShaderFile, prelude: [DialectShaderFile], version: GLSLVersion,
                                 defines: [String]) -> String {
        guard let stage else {
            let own = version == .es100 ? defines : ["SHADERBENCH_ES3"] + defines
            let text = (prelude.flatMap(\.lines) + [file.text]).joined(separator: "\n")
            let defined = own.map { "#define \($0)" }.joined(separator: "\n")
            return version == .es100 ? defined + "\n" + text : version.directive + "\n" + defined + "\n" + text
        }
        return PreparedShader.spliced(ShaderInterface.linesReadAsES(stage), prelude: prelude, bodyStartLine: ShaderInterface.bodyStartLine(of: stage),
                                      defines: defines)
    }

    private static func checkWritesPosition(_ vertex: SourceText) throws(Diagnostic) {
        let tokens = GLSLTokenizer.tokens(of: vertex)
        guard !tokens.contains(where: { $0.text == "gl_Position" }) else { return }
        let main = tokens.first { $0.text == "main" }
        throw vertex.error("the vertex stage never writes gl_Position, which places each vertex on the picture; "
                           + "end main with gl_Position = u_modelViewProjectionMatrix * a_position;",
                           line: main?.line ?? 1, column: main?.column ?? 0, code: .drawStage)
    }

    private static func checkAttributes(of vertex: SourceText, available: Set<String>) throws(Diagnostic) {
        let tokens = GLSLTokenizer.tokens(of: vertex)
        for (index, token) in tokens.enumerated() where attributes.contains(where: { $0.name == token.text }) && !available.contains(token.text) {
            // A declaration: `attribute TYPE NAME` or `in TYPE NAME`, perhaps with a precision between.
            let before = tokens[max(0, index - 3)..<index].map(\.text)
            guard before.contains("attribute") || before.contains("in"), !isGuardedByMeshDefine(line: token.line, in: vertex) else { continue }
            let has = attributes.map(\.name).filter(available.contains).joined(separator: ", ")
            throw vertex.error("the mesh has no \(token.text); it has \(has)", line: token.line, column: token.column, code: .drawMesh)
        }
    }

    /// Whether `line` lies inside an `#if` or `#ifdef` that asks what the mesh has (`#ifdef MODEL_VERTEX_COLOR`),
    /// as glslViewer's shaders guard what a model may lack.
    private static func isGuardedByMeshDefine(line: Int, in source: SourceText) -> Bool {
        var open: [Bool] = []
        for text in source.lines.prefix(line - 1) {
            let directive = text.drop { $0 == " " || $0 == "\t" }
            if directive.hasPrefix("#if") {
                open.append(directive.contains("MODEL_VERTEX_"))
            } else if directive.hasPrefix("#endif"), !open.isEmpty {
                open.removeLast()
            }
        }
        return open.contains(true)
    }
}
