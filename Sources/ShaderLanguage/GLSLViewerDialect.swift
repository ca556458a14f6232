/// glslViewer's conventions (The Book of Shaders' examples are written in them): a GLSL shader with its own
/// `main` that declares the uniforms glslViewer sets by name (`u_time`, `u_resolution`, `u_mouse`, …), reads
/// its images from `u_tex0`, `u_tex1`, … beside their sizes (`u_tex0Resolution`) and its coordinate from the
/// `v_texcoord` varying. glslViewer's coordinates have y up (gl_FragCoord and `v_texcoord` from the
/// bottom-left, images loaded so that t = 0 is their bottom row) where the workbench stores row 0 at the
/// top: `bottom-up-coordinates.frag.glsl` flips them, so a shader looks here as it does there, after the
/// defines glslViewer sets (`glslviewer-defines.frag.glsl`).
public enum GLSLViewerDialect {
    /// The uniforms glslViewer sets every frame (or once, for the size), whichever the shader declares.
    package static let frameUniforms = ["u_time", "u_delta", "u_frame", "u_date", "u_resolution", "u_mouse"]

    /// The varying glslViewer's billboard passes on: the pass's coordinate, y up.
    static let textureCoordinate = "v_texcoord"

    /// The images it loads from its command line are `u_tex0`, `u_tex1`, … in order.
    package static let texturePrefix = "u_tex"

    /// The uniform that gives an image's size in pixels: glslViewer's `<sampler>Resolution`.
    public static func resolutionUniform(of sampler: String) -> String { sampler + "Resolution" }

    /// Whether a shader with its own `main` is written for glslViewer: it declares a uniform only glslViewer
    /// sets or reads its coordinate.
    static func isUsed(uniforms: [ShaderInterface.Declaration], varyings: [ShaderInterface.Declaration]) -> Bool {
        uniforms.contains { frameUniforms.contains($0.name) || isTexture($0) }
            || varyings.contains { $0.name == textureCoordinate }
    }

    /// `u_tex0` … as a sampler: one of glslViewer's numbered images.
    static func isTexture(_ declaration: ShaderInterface.Declaration) -> Bool {
        guard declaration.type == .sampler2D, declaration.name.hasPrefix(texturePrefix) else { return false }
        let number = declaration.name.dropFirst(texturePrefix.count)
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    /// The uniforms of `interface` the workbench sets for it, which are therefore not parameters: the frame's
    /// and each image input's size.
    static func provided(by interface: ShaderInterface) -> Set<String> {
        Set(frameUniforms + interface.samplers.map { resolutionUniform(of: $0.name) })
    }
}
