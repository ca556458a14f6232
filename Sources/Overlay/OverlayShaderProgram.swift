import GPU
import ShaderGraph

/// The overlay's one program: every queued quad, text or solid, is an instance of a unit square placed in
/// pixels and coloured by the atlas's coverage. Solid rectangles read a single full-coverage texel, so
/// rectangles and text share one draw call and are painted in the order they were queued.
final class OverlayShaderProgram {
    /// Attribute slots, fixed by layout qualifiers in `overlay.vert.glsl` so the vertex array needs no lookups.
    static let cornerLocation = 0
    static let rectangleLocation = 1
    static let atlasLocation = 2
    static let colourLocation = 3

    /// The atlas is always on this unit.
    static let atlasUnit = 0

    private let program: BuiltInProgram
    private let viewportSizeLocation: Int32

    /// Builds the program; leaves the program in use, which the caller saves and restores.
    init() throws(GPUError) {
        program = try BuiltInProgram("the overlay", vertex: OverlayShaderFile.vertex.text, fragment: OverlayShaderFile.fragment.text)
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
