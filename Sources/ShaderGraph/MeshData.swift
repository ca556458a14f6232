/// Vertices and the primitives joining them, as a draw node uploads them: one array per attribute, a vertex's
/// values at the same place in each, and indices into them. Positions are always there; the other attributes
/// are empty where the mesh has none, and a shader is told which it has (`MODEL_VERTEX_NORMAL`, …).
public struct MeshData: Sendable, Equatable {
    /// x y z per vertex.
    public var positions: [Float]
    /// x y z per vertex, unit length.
    public var normals: [Float]
    /// u v per vertex, (0, 0) at the bottom left of an image as GL samples it.
    public var texcoords: [Float]
    /// r g b a per vertex.
    public var colours: [Float]
    /// Three per triangle, counter-clockwise seen from the side the normals face; for a mesh of points, one per
    /// point.
    public var indices: [UInt32]

    public var vertexCount: Int { positions.count / 3 }

    public init(positions: [Float], normals: [Float] = [], texcoords: [Float] = [], colours: [Float] = [], indices: [UInt32]) {
        self.positions = positions
        self.normals = normals
        self.texcoords = texcoords
        self.colours = colours
        self.indices = indices
    }

    /// The corners of the box holding every vertex: its least and greatest x, y and z.
    public var bounds: (minimum: SIMD3<Float>, maximum: SIMD3<Float>) {
        var minimum = SIMD3<Float>(repeating: .infinity)
        var maximum = SIMD3<Float>(repeating: -.infinity)
        for vertex in 0..<vertexCount {
            let point = SIMD3(positions[3 * vertex], positions[3 * vertex + 1], positions[3 * vertex + 2])
            minimum = pointwiseMin(minimum, point)
            maximum = pointwiseMax(maximum, point)
        }
        return (minimum, maximum)
    }
}
