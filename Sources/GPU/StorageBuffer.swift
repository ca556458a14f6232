import CGLES
import ShaderGraph

/// A compute node's storage buffer: a GL buffer of the planned size, started from zeros or its file's bytes, and
/// started again from them each frame unless it is persistent.
final class StorageBuffer {
    let plan: ComputeKernel.StorageBuffer
    private let buffer: GLObject
    /// What it starts from: the file's bytes, or zeros.
    private let initial: [UInt8]

    var name: GLuint { buffer.name }

    init(_ plan: ComputeKernel.StorageBuffer) throws(GPUError) {
        self.plan = plan
        initial = plan.initialBytes ?? [UInt8](repeating: 0, count: plan.byteCount)
        buffer = GLObject(.buffer)
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), buffer.name)
        initial.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), GLsizeiptr(plan.byteCount), bytes.baseAddress, GLenum(GL_DYNAMIC_COPY))
        }
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), 0)
        try GLInfo.check("allocating the \(plan.byteCount)-byte buffer '\(plan.name)'")
    }

    /// Back to what it starts from.
    func reset() {
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), buffer.name)
        initial.withUnsafeBytes { bytes in
            glBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), 0, GLsizeiptr(plan.byteCount), bytes.baseAddress)
        }
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), 0)
    }

    func bind(to binding: Int) {
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(binding), buffer.name)
    }

    /// Elements `range` of its last array, every component as a number, read back now (after the barrier that
    /// makes the kernels' writes visible to the CPU).
    func numbers(elements range: Range<Int>) -> [Float] {
        let element = plan.element
        guard !range.isEmpty else { return [] }
        let offset = plan.arrayOffset + range.lowerBound * element.stride
        let length = range.count * element.stride
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), buffer.name)
        defer { glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_SHADER_STORAGE_BUFFER), GLintptr(offset), GLsizeiptr(length), GLbitfield(GL_MAP_READ_BIT)) else {
            return [Float](repeating: 0, count: range.count * element.components)
        }
        var numbers: [Float] = []
        numbers.reserveCapacity(range.count * element.components)
        for index in 0..<range.count {
            for component in 0..<element.components {
                let bits = mapped.load(fromByteOffset: index * element.stride + component * 4, as: UInt32.self)
                let number: Float = switch element.scalar {
                case .float: Float(bitPattern: bits)
                case .int: Float(Int32(bitPattern: bits))
                case .uint: Float(bits)
                }
                numbers.append(number)
            }
        }
        glUnmapBuffer(GLenum(GL_SHADER_STORAGE_BUFFER))
        return numbers
    }
}
