import Foundation

/// A sphere of a unit diameter as a little-endian binary PLY with normals, `2 × slices × stacks` triangles:
/// a model of a known size written here rather than taken from anywhere (1,000 × 1,000 is about 50 MB).
public enum SphereModel {
    /// The file's bytes, the sphere centred on `centre`.
    public static func binaryPLY(slices: Int, stacks: Int, centre: SIMD3<Float> = .zero) -> Data {
        var body = Data()
        func append<T>(_ value: T) { withUnsafeBytes(of: value) { body.append(contentsOf: $0) } }
        for stack in 0...stacks {
            let polar = Float.pi * Float(stack) / Float(stacks)
            for slice in 0...slices {
                let azimuth = 2 * Float.pi * Float(slice) / Float(slices)
                let normal = SIMD3(sin(polar) * sin(azimuth), cos(polar), sin(polar) * cos(azimuth))
                let position = normal * 0.5 + centre
                for value in [position.x, position.y, position.z, normal.x, normal.y, normal.z] { append(value) }
            }
        }
        let across = UInt32(slices + 1)
        for stack in 0..<UInt32(stacks) {
            for slice in 0..<UInt32(slices) {
                let corner = stack * across + slice
                for triangle in [[corner, corner + across, corner + across + 1], [corner, corner + across + 1, corner + 1]] {
                    append(UInt8(3))
                    for index in triangle { append(Int32(index)) }
                }
            }
        }
        let header = "ply\nformat binary_little_endian 1.0\nelement vertex \((slices + 1) * (stacks + 1))\n"
            + "property float x\nproperty float y\nproperty float z\nproperty float nx\nproperty float ny\nproperty float nz\n"
            + "element face \(2 * slices * stacks)\nproperty list uchar int vertex_indices\nend_header\n"
        return Data(header.utf8) + body
    }
}
