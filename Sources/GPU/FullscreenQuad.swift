import CGLES

/// Two triangles covering the target, in clip space; every pass draws this.
final class FullscreenQuad {
    /// The attribute slot the position is bound to in every program.
    static let positionLocation: GLuint = 0
    private let vertexArray: GLuint
    private let buffer: GLuint

    init() throws(GPUError) {
        var vertexArray: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        self.vertexArray = vertexArray
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        self.buffer = buffer
        let corners: [GLfloat] = [-1, -1, 1, -1, -1, 1, 1, 1]
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        corners.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glEnableVertexAttribArray(Self.positionLocation)
        glVertexAttribPointer(Self.positionLocation, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindVertexArray(0)
        try GLInfo.check("creating the full-screen quad")
    }

    func draw() {
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    deinit {
        var vertexArray = vertexArray
        glDeleteVertexArrays(1, &vertexArray)
        var buffer = buffer
        glDeleteBuffers(1, &buffer)
    }
}
