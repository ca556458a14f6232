/// GLSL Sandbox's conventions (glslsandbox.com): a WebGL shader with its own `main` that declares what the
/// site sets: `time` in seconds, `resolution` in pixels, `mouse` as a fraction of the canvas from its
/// bottom-left, the `surfacePosition` varying (the canvas as a surface one unit high, centred on the origin)
/// and `backbuffer`, the image the shader drew the frame before. Its coordinates have y up, as
/// `bottom-up-coordinates.frag.glsl` makes them.
public enum GLSLSandboxDialect {
    /// The uniforms the site sets every frame (or once, for the size), whichever the shader declares.
    package static let frameUniforms = ["time", "resolution", "mouse"]

    /// The varying that gives the fragment's place on the surface.
    static let surfacePosition = "surfacePosition"

    /// The image input that reads the pass's own previous frame.
    public static let backbuffer = "backbuffer"

    /// Where the site puts the pointer before it first moves over the canvas: its middle.
    public static let restingMouse = SIMD2<Float>(0.5, 0.5)

    /// Whether a shader with its own `main` is written for GLSL Sandbox: it declares `resolution` as the
    /// site sets it, its surface position or its backbuffer. `time` and `mouse` alone are too common as
    /// parameters of other shaders to tell.
    static func isUsed(uniforms: [ShaderInterface.Declaration], varyings: [ShaderInterface.Declaration]) -> Bool {
        uniforms.contains { ($0.name == "resolution" && $0.type == .vec2) || ($0.name == backbuffer && $0.type == .sampler2D) }
            || varyings.contains { $0.name == surfacePosition }
    }
}
