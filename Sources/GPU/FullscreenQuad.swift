import CGLES
import ShaderGraph
import ShaderLanguage

/// Two triangles covering the target, in clip space; every pass draws this. Each corner also carries its
/// texture coordinate, from (0, 0) at row 0 to (1, 1), in every attribute GPUImage's vertex shaders read it
/// from (one per image input), so a vertex shader of the user's runs as it would there.
final class FullscreenQuad {
    /// The attribute slot the position is bound to in every program.
    static let positionLocation: GLuint = 0
    /// Every attribute a program drawn with the quad may read, with its slot: the position, then the
    /// texture coordinate attributes in the slots after it.
    static let attributes: [String: GLuint] = Dictionary(uniqueKeysWithValues:
        [(VertexStage.positionAttribute, positionLocation)]
            + VertexStage.textureCoordinateAttributes.enumerated().map { ($1, positionLocation + 1 + GLuint($0)) })

    private let corners = VertexBuffer(fixed: [-1, -1, 1, -1, -1, 1, 1, 1])
    private let textureCoordinates = VertexBuffer(fixed: [0, 0, 1, 0, 0, 1, 1, 1])
    private let vertexArray = VertexArray()
    /// How many times it has been drawn: what a frame costs in passes.
    private(set) var drawCount = 0

    init() throws(GPUError) {
        vertexArray.setAttribute(Int(Self.positionLocation), components: 2, from: corners)
        for attribute in VertexStage.textureCoordinateAttributes {
            vertexArray.setAttribute(Int(Self.attributes[attribute] ?? 0), components: 2, from: textureCoordinates)
        }
        VertexArray.unbind()
        try GLInfo.check("creating the full-screen quad")
    }

    func draw() {
        drawCount += 1
        vertexArray.draw(.triangleStrip, vertexCount: 4)
    }
}
