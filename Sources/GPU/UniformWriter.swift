import CGLES
import ShaderGraph
import ShaderLanguage

/// Sets a uniform of any settable GLSL type from float components, converting for int and bool types
/// through a reused buffer, so per-frame writes allocate nothing. Public for the benchmarks' bare programs,
/// which set a plan's uniforms as the executor does.
public struct UniformWriter {
    private var integers = [GLint](repeating: 0, count: 64)

    public init() {}

    public mutating func set(_ location: GLint, type: GLSLType, count: Int, values: UnsafeBufferPointer<Float>) {
        guard location >= 0, let base = values.baseAddress else { return }
        let count = GLsizei(count)
        switch type {
        case .float: glUniform1fv(location, count, base)
        case .vec2: glUniform2fv(location, count, base)
        case .vec3: glUniform3fv(location, count, base)
        case .vec4: glUniform4fv(location, count, base)
        case .mat2: glUniformMatrix2fv(location, count, GLboolean(GL_FALSE), base)
        case .mat3: glUniformMatrix3fv(location, count, GLboolean(GL_FALSE), base)
        case .mat4: glUniformMatrix4fv(location, count, GLboolean(GL_FALSE), base)
        case .int, .ivec2, .ivec3, .ivec4, .bool, .bvec2, .bvec3, .bvec4:
            if integers.count < values.count { integers = [GLint](repeating: 0, count: values.count) }
            for index in values.indices { integers[index] = WholeNumber.int32(values[index]) }
            integers.withUnsafeBufferPointer { buffer in
                switch type.componentCount {
                case 1: glUniform1iv(location, count, buffer.baseAddress)
                case 2: glUniform2iv(location, count, buffer.baseAddress)
                case 3: glUniform3iv(location, count, buffer.baseAddress)
                default: glUniform4iv(location, count, buffer.baseAddress)
                }
            }
        case .sampler2D, .other:
            break
        }
    }
}
