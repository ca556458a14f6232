import Foundation

/// The meshes a draw node names by a word (`mesh: cube`), for shaders that need geometry but no model file. Each
/// is centred on the origin and fits in a box one unit a side, with normals and texture coordinates.
public enum BuiltInMesh: String, Sendable, CaseIterable {
    /// A square in the x y plane, facing +z.
    case plane
    /// A cube, each face its own four corners so its normals are the face's.
    case cube
    /// A sphere of radius 0.5: 32 slices around y and 16 stacks from pole to pole.
    case sphere
    /// A 32 × 32 grid of points over the plane's square, facing +z.
    case points

    /// How a built-in mesh's vertices are joined when the node does not say.
    public var primitive: DrawSettings.Primitive {
        self == .points ? .points : .triangles
    }

    public var data: MeshData {
        switch self {
        case .plane: Self.grid(columns: 1, rows: 1, triangles: true)
        case .cube: Self.cube()
        case .sphere: Self.sphere(slices: 32, stacks: 16)
        case .points: Self.grid(columns: 31, rows: 31, triangles: false)
        }
    }

    /// (columns + 1) × (rows + 1) vertices over -0.5…0.5 in x and y at z 0, joined into two triangles a cell or
    /// listed as points.
    private static func grid(columns: Int, rows: Int, triangles: Bool) -> MeshData {
        var mesh = MeshData(positions: [], indices: [])
        for row in 0...rows {
            for column in 0...columns {
                let u = Float(column) / Float(columns), v = Float(row) / Float(rows)
                mesh.positions += [u - 0.5, v - 0.5, 0]
                mesh.normals += [0, 0, 1]
                mesh.texcoords += [u, v]
            }
        }
        let across = UInt32(columns + 1)
        if triangles {
            for row in 0..<UInt32(rows) {
                for column in 0..<UInt32(columns) {
                    let corner = row * across + column
                    mesh.indices += [corner, corner + 1, corner + across + 1, corner, corner + across + 1, corner + across]
                }
            }
        } else {
            mesh.indices = Array(0..<UInt32(mesh.vertexCount))
        }
        return mesh
    }

    private static func cube() -> MeshData {
        var mesh = MeshData(positions: [], indices: [])
        // Each face: its normal, and the directions its u and v run in, so u × v is the normal and the corners
        // go counter-clockwise seen from outside.
        let faces: [(normal: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>)] = [
            ([1, 0, 0], [0, 0, -1], [0, 1, 0]), ([-1, 0, 0], [0, 0, 1], [0, 1, 0]),
            ([0, 1, 0], [1, 0, 0], [0, 0, -1]), ([0, -1, 0], [1, 0, 0], [0, 0, 1]),
            ([0, 0, 1], [1, 0, 0], [0, 1, 0]), ([0, 0, -1], [-1, 0, 0], [0, 1, 0]),
        ]
        for face in faces {
            let first = UInt32(mesh.vertexCount)
            for (u, v) in [(Float(0), Float(0)), (1, 0), (1, 1), (0, 1)] {
                let point = face.normal * 0.5 + face.u * (u - 0.5) + face.v * (v - 0.5)
                mesh.positions += [point.x, point.y, point.z]
                mesh.normals += [face.normal.x, face.normal.y, face.normal.z]
                mesh.texcoords += [u, v]
            }
            mesh.indices += [first, first + 1, first + 2, first, first + 2, first + 3]
        }
        return mesh
    }

    private static func sphere(slices: Int, stacks: Int) -> MeshData {
        var mesh = MeshData(positions: [], indices: [])
        for stack in 0...stacks {
            let v = Float(stack) / Float(stacks)
            let polar = Float.pi * (1 - v)
            for slice in 0...slices {
                let u = Float(slice) / Float(slices)
                let azimuth = 2 * Float.pi * u
                let normal = SIMD3<Float>(sin(polar) * sin(azimuth), cos(polar), sin(polar) * cos(azimuth))
                mesh.positions += [normal.x * 0.5, normal.y * 0.5, normal.z * 0.5]
                mesh.normals += [normal.x, normal.y, normal.z]
                mesh.texcoords += [u, v]
            }
        }
        let across = UInt32(slices + 1)
        for stack in 0..<UInt32(stacks) {
            for slice in 0..<UInt32(slices) {
                let corner = stack * across + slice
                mesh.indices += [corner, corner + 1, corner + across + 1, corner, corner + across + 1, corner + across]
            }
        }
        return mesh
    }
}
