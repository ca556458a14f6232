import CGLES
import ShaderGraph
import ShaderLanguage

/// A mesh uploaded for drawing: a buffer per attribute it has that the program reads, on the slots
/// `ModelStage.attributes` binds them to, and its indices, all held by one vertex array.
final class MeshBuffers {
    private let vertexArray = GLObject(.vertexArray)
    private let attributeBuffers: [VertexBuffer]
    private let indexBuffer = GLObject(.buffer)
    let indexCount: Int

    /// `attributes`: those the program was told the meshes have; the mesh's others are not uploaded.
    init(_ mesh: MeshData, attributes: Set<String>) {
        glBindVertexArray(vertexArray.name)
        let arrays: [(name: String, values: [Float], components: Int)] = [
            ("a_position", mesh.positions, 3), ("a_normal", mesh.normals, 3), ("a_texcoord", mesh.texcoords, 2), ("a_color", mesh.colours, 4),
        ]
        var buffers: [VertexBuffer] = []
        for array in arrays where !array.values.isEmpty && attributes.contains(array.name) {
            guard let slot = ModelStage.attributes.first(where: { $0.name == array.name })?.location else { continue }
            let buffer = VertexBuffer(fixed: array.values)
            glEnableVertexAttribArray(GLuint(slot))
            glVertexAttribPointer(GLuint(slot), GLint(array.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
            buffers.append(buffer)
        }
        attributeBuffers = buffers
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer.name)
        mesh.indices.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        indexCount = mesh.indices.count
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
    }

    /// Draws every index as `mode`, `instances` times, with the program in use.
    func draw(_ mode: GLenum, instances: Int) {
        glBindVertexArray(vertexArray.name)
        if instances == 1 {
            glDrawElements(mode, GLsizei(indexCount), GLenum(GL_UNSIGNED_INT), nil)
        } else {
            glDrawElementsInstanced(mode, GLsizei(indexCount), GLenum(GL_UNSIGNED_INT), nil, GLsizei(instances))
        }
        glBindVertexArray(0)
    }
}
