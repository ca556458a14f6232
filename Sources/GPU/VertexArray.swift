import CGLES

/// Where a draw's vertex attributes come from, and the draw calls made with it.
public final class VertexArray {
    /// How the vertices of a draw are joined.
    public enum Primitive {
        case triangleStrip
        case points

        var mode: GLenum {
            switch self {
            case .triangleStrip: GLenum(GL_TRIANGLE_STRIP)
            case .points: GLenum(GL_POINTS)
            }
        }
    }

    private let vertexArray = GLObject(.vertexArray)

    /// An array with no attributes: a draw whose vertex shader places vertices from `gl_VertexID` alone.
    public init() {}

    /// Attribute slot `location` reads `components` floats from `buffer`, `offset` bytes in and `stride`
    /// bytes apart (0: tightly packed); `perInstance` advances it once per instance instead of per vertex.
    /// Leaves this vertex array and the buffer bound.
    public func setAttribute(_ location: Int, components: Int, from buffer: VertexBuffer, stride: Int = 0, offset: Int = 0,
                             perInstance: Bool = false) {
        glBindVertexArray(vertexArray.name)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer.name)
        glEnableVertexAttribArray(GLuint(location))
        glVertexAttribPointer(GLuint(location), GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                              UnsafeRawPointer(bitPattern: offset))
        if perInstance {
            glVertexAttribDivisor(GLuint(location), 1)
        }
    }

    /// Draws `vertexCount` vertices with the program in use. Leaves this vertex array bound.
    public func draw(_ primitive: Primitive, vertexCount: Int) {
        glBindVertexArray(vertexArray.name)
        glDrawArrays(primitive.mode, 0, GLsizei(vertexCount))
    }

    /// Draws `vertexCount` vertices `instanceCount` times with the program in use. Leaves this vertex array bound.
    public func drawInstanced(_ primitive: Primitive, vertexCount: Int, instanceCount: Int) {
        glBindVertexArray(vertexArray.name)
        glDrawArraysInstanced(primitive.mode, 0, GLsizei(vertexCount), GLsizei(instanceCount))
    }

    /// Binds no vertex array, so later buffer and attribute calls cannot change one by accident.
    public static func unbind() {
        glBindVertexArray(0)
    }
}
