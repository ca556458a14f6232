import CGLES

/// What the current context allows compute kernels, as its driver says: its GL ES version, work group sizes
/// and counts, image units, buffer bindings and the largest buffer. The messages about a kernel that asks for
/// more quote these numbers.
struct ComputeLimits {
    /// The context's OpenGL ES version, as major × 10 + minor (30, 31, 32).
    var version: Int
    var workGroupSize: [Int]
    var workGroupInvocations: Int
    var workGroupCount: [Int]
    var imageUnits: Int
    var bufferBindings: Int
    var bufferBytes: Int
    var textureUnits: Int

    /// Whether the context runs compute at all: OpenGL ES 3.1 and later.
    var runsCompute: Bool { version >= 31 }

    static var current: ComputeLimits {
        let major = integer(GL_MAJOR_VERSION), minor = integer(GL_MINOR_VERSION)
        let version = major * 10 + minor
        guard version >= 31 else {
            return ComputeLimits(version: version, workGroupSize: [0, 0, 0], workGroupInvocations: 0, workGroupCount: [0, 0, 0], imageUnits: 0,
                                 bufferBindings: 0, bufferBytes: 0, textureUnits: 0)
        }
        return ComputeLimits(version: version, workGroupSize: (0..<3).map { indexed(GL_MAX_COMPUTE_WORK_GROUP_SIZE, $0) },
                             workGroupInvocations: integer(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS),
                             workGroupCount: (0..<3).map { indexed(GL_MAX_COMPUTE_WORK_GROUP_COUNT, $0) },
                             imageUnits: integer(GL_MAX_IMAGE_UNITS), bufferBindings: integer(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS),
                             bufferBytes: integer64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), textureUnits: integer(GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS))
    }

    private static func integer(_ name: Int32) -> Int {
        var value: GLint = 0
        glGetIntegerv(GLenum(name), &value)
        return Int(value)
    }

    private static func integer64(_ name: Int32) -> Int {
        var value: GLint64 = 0
        glGetInteger64v(GLenum(name), &value)
        return Int(value)
    }

    private static func indexed(_ name: Int32, _ index: Int) -> Int {
        var value: GLint = 0
        glGetIntegeri_v(GLenum(name), GLuint(index), &value)
        return Int(value)
    }
}
