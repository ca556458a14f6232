import GPU
import ShaderGraph

/// The overlay's one program: every queued quad, text or solid, is an instance of a unit square placed in
/// pixels and coloured by the atlas's coverage. Solid rectangles read a single full-coverage texel, so
/// rectangles and text share one draw call and are painted in the order they were queued.
final class OverlayShaderProgram {
    /// Attribute slots, fixed in the shader so the vertex array needs no lookups.
    static let cornerLocation = 0
    static let rectangleLocation = 1
    static let atlasLocation = 2
    static let colourLocation = 3

    static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 corner;
        // x, y, width, height in pixels, y down from the top of the viewport.
        layout(location = 1) in vec4 rectangle;
        // The texel at the rectangle's top-left, and how many texels the rectangle spans (zero for solids).
        layout(location = 2) in vec4 atlas;
        layout(location = 3) in vec4 colour;
        uniform vec2 viewportSize;
        out vec2 atlasCoordinate;
        flat out vec4 tint;

        void main() {
            vec2 pixel = rectangle.xy + corner * rectangle.zw;
            // Glyph quads are as large as their bitmaps, so each fragment centre lands on one texel's centre.
            atlasCoordinate = atlas.xy + corner * atlas.zw;
            tint = colour;
            gl_Position = vec4(pixel.x / viewportSize.x * 2.0 - 1.0, 1.0 - pixel.y / viewportSize.y * 2.0, 0.0, 1.0);
        }
        """

    static let fragmentSource = """
        #version 300 es
        precision highp float;
        uniform highp sampler2D glyphAtlas;
        in vec2 atlasCoordinate;
        flat in vec4 tint;
        out vec4 fragColor;

        void main() {
            float coverage = texelFetch(glyphAtlas, ivec2(atlasCoordinate), 0).r;
            fragColor = vec4(tint.rgb, tint.a * coverage);
        }
        """

    /// The atlas is always on this unit.
    static let atlasUnit = 0

    private let program: BuiltInProgram
    private let viewportSizeLocation: Int32

    /// Builds the program; leaves the program in use, which the caller saves and restores.
    init() throws(GPUError) {
        // Attribute slots are fixed by layout qualifiers in the shader.
        program = try BuiltInProgram("the overlay", vertex: Self.vertexSource, fragment: Self.fragmentSource)
        viewportSizeLocation = program.uniformLocation("viewportSize")
        // A program keeps its sampler setting.
        program.setSampler("glyphAtlas", unit: Self.atlasUnit)
        try GLInfo.check("setting up the overlay's shader program")
    }

    /// Makes this the program in use, for a viewport of `size` pixels.
    func use(viewport size: PixelSize) {
        program.use()
        program.set(viewportSizeLocation, SIMD2(Float(size.width), Float(size.height)))
    }
}
