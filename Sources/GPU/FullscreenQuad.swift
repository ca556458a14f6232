import CGLES

/// Two triangles covering the target, in clip space; every pass draws this.
final class FullscreenQuad {
    /// The attribute slot the position is bound to in every program.
    static let positionLocation: GLuint = 0
    private let corners = VertexBuffer(fixed: [-1, -1, 1, -1, -1, 1, 1, 1])
    private let vertexArray = VertexArray()

    init() throws(GPUError) {
        vertexArray.setAttribute(Int(Self.positionLocation), components: 2, from: corners)
        VertexArray.unbind()
        try GLInfo.check("creating the full-screen quad")
    }

    func draw() {
        vertexArray.draw(.triangleStrip, vertexCount: 4)
    }
}
