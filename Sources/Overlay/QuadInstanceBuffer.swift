import CGLES
import GPU

/// The vertex array and buffers the overlay draws from: a unit square shared by all quads, and one buffer of
/// per-quad attributes that is rewritten each frame and reallocated only when a frame has more quads than
/// ever before.
final class QuadInstanceBuffer {
    /// Rectangle (4), atlas placement (4), colour (4).
    static let floatsPerQuad = 12
    private static let bytesPerQuad = floatsPerQuad * MemoryLayout<Float>.stride

    private let vertexArray: GLuint
    private let cornerBuffer: GLuint
    private let instanceBuffer: GLuint
    /// Quads the instance buffer holds without reallocating.
    private(set) var capacity: Int
    /// GL buffer allocations made for quads so far, the first included.
    private(set) var allocationCount = 0

    init(initialCapacity: Int = 256) throws(GPUError) {
        var previousArrayBuffer: GLint = 0
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &previousArrayBuffer)
        var previousVertexArray: GLint = 0
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &previousVertexArray)
        defer {
            glBindVertexArray(GLuint(previousVertexArray))
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(previousArrayBuffer))
        }

        var vertexArray: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        self.vertexArray = vertexArray
        var buffers: [GLuint] = [0, 0]
        glGenBuffers(2, &buffers)
        cornerBuffer = buffers[0]
        instanceBuffer = buffers[1]
        capacity = max(initialCapacity, 1)

        glBindVertexArray(vertexArray)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        corners.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glEnableVertexAttribArray(OverlayShaderProgram.cornerLocation)
        glVertexAttribPointer(OverlayShaderProgram.cornerLocation, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)

        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        allocate()
        let stride = GLsizei(Self.bytesPerQuad)
        for (slot, location) in [OverlayShaderProgram.rectangleLocation, OverlayShaderProgram.atlasLocation,
                                 OverlayShaderProgram.colourLocation].enumerated() {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: slot * 4 * MemoryLayout<Float>.stride))
            glVertexAttribDivisor(location, 1)
        }
        try OverlayGLCheck.check("creating the overlay's vertex buffers")
    }

    private func allocate() {
        glBufferData(GLenum(GL_ARRAY_BUFFER), capacity * Self.bytesPerQuad, nil, GLenum(GL_DYNAMIC_DRAW))
        allocationCount += 1
    }

    /// Uploads the first `count` quads of `instances` and draws them with the bound program. Leaves the
    /// vertex array and array buffer bound; the caller restores them.
    func draw(_ instances: [Float], count: Int) {
        guard count > 0 else { return }
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        if count > capacity {
            capacity = max(count, capacity * 2)
            allocate()
        }
        instances.withUnsafeBytes { bytes in
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, count * Self.bytesPerQuad, bytes.baseAddress)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    }

    deinit {
        var vertexArray = vertexArray
        glDeleteVertexArrays(1, &vertexArray)
        var buffers = [cornerBuffer, instanceBuffer]
        glDeleteBuffers(2, &buffers)
    }
}
