import CGLES
import GPU

/// The overlay's one program: every queued quad, text or solid, is an instance of a unit square placed in
/// pixels and coloured by the atlas's coverage. Solid rectangles read a single full-coverage texel, so
/// rectangles and text share one draw call and are painted in the order they were queued.
final class OverlayShaderProgram {
    /// Attribute slots, fixed in the shader so the vertex array needs no lookups.
    static let cornerLocation: GLuint = 0
    static let rectangleLocation: GLuint = 1
    static let atlasLocation: GLuint = 2
    static let colourLocation: GLuint = 3

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

    let name: GLuint
    let viewportSizeLocation: GLint

    init() throws(GPUError) {
        // Attribute slots are fixed by layout qualifiers in the shader.
        let program = try ProgramBuild.builtIn("the overlay", vertex: Self.vertexSource, fragment: Self.fragmentSource)
        name = program
        viewportSizeLocation = glGetUniformLocation(program, "viewportSize")
        // The atlas is always on unit 0; a program keeps its sampler setting.
        var previousProgram: GLint = 0
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &previousProgram)
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "glyphAtlas"), 0)
        glUseProgram(GLuint(previousProgram))
        try OverlayGLCheck.check("setting up the overlay's shader program")
    }

    deinit {
        glDeleteProgram(name)
    }
}
