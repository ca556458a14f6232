import CGLES
import ShaderLanguage

/// A uniform a wire sets every frame, in a shader or draw node's program: where it is, its type and count, and
/// which of which step's numbers it takes (all of them when `components` is empty).
struct WiredUniform {
    var location: GLint
    var type: GLSLType
    var count: Int
    var source: Int
    var components: [Int]

    /// Writes the components of `numbers` it reads, gathered in `scratch`, so a frame allocates nothing for it.
    func write(from numbers: [Float], scratch: inout [Float], writer: inout UniformWriter) {
        let written: Int
        if components.isEmpty {
            written = numbers.count
            for index in 0..<written { scratch[index] = numbers[index] }
        } else {
            written = components.count
            for (index, component) in components.enumerated() { scratch[index] = numbers[component] }
        }
        scratch.withUnsafeBufferPointer { buffer in
            writer.set(location, type: type, count: count, values: UnsafeBufferPointer(rebasing: buffer[0..<written]))
        }
    }
}
