import Foundation

/// A perspective camera looking from `position` at `target`, and the matrices a draw node's shaders get from it,
/// each column-major as GL reads a `mat4`: view (world to camera, looking down its -z), projection (camera to
/// clip space, `fieldOfView` degrees from the bottom of the picture to its top).
public struct SceneCamera: Sendable, Equatable {
    public var position: SIMD3<Float> = [0, 0, 3]
    public var target: SIMD3<Float> = [0, 0, 0]
    public var up: SIMD3<Float> = [0, 1, 0]
    /// Vertical, in degrees.
    public var fieldOfView: Float = 45
    public var near: Float = 0.1
    public var far: Float = 100

    public init() {}

    /// How far the camera is from what it looks at: glslViewer's `u_cameraDistance`.
    public var distance: Float { length(target - position) }

    public var viewMatrix: [Float] {
        let forward = normalised(target - position)
        let side = normalised(cross(forward, up))
        let upward = cross(side, forward)
        return [
            side.x, upward.x, -forward.x, 0,
            side.y, upward.y, -forward.y, 0,
            side.z, upward.z, -forward.z, 0,
            -dot(side, position), -dot(upward, position), dot(forward, position), 1,
        ]
    }

    public func projectionMatrix(aspect: Float) -> [Float] {
        let focal = 1 / tan(fieldOfView * .pi / 360)
        let depth = near - far
        return [
            focal / aspect, 0, 0, 0,
            0, focal, 0, 0,
            0, 0, (far + near) / depth, -1,
            0, 0, 2 * far * near / depth, 0,
        ]
    }

    /// What makes a camera that cannot look anywhere: nil when it can.
    public var problem: String? {
        let forward = target - position
        if dot(forward, forward) == 0 { return "the camera's position and target are the same point" }
        if dot(up, up) == 0 || dot(cross(forward, up), cross(forward, up)) == 0 { return "the camera's up is along the way it looks" }
        if !(fieldOfView > 0 && fieldOfView < 180) { return "the field of view is more than 0 and less than 180 degrees" }
        if !(near > 0 && far > near) { return "near is more than 0 and far more than near" }
        return nil
    }
}

/// Matrix arithmetic on column-major 4 × 4 matrices, as `SceneCamera` writes them.
public enum ColumnMajor {
    public static let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    public static func multiply(_ a: [Float], _ b: [Float]) -> [Float] {
        var product = [Float](repeating: 0, count: 16)
        for column in 0..<4 {
            for row in 0..<4 {
                product[column * 4 + row] = (0..<4).reduce(Float(0)) { $0 + a[$1 * 4 + row] * b[column * 4 + $1] }
            }
        }
        return product
    }

    /// The upper-left 3 × 3 of `matrix`, inverted and transposed: what turns its normals without skewing them.
    public static func normalMatrix(of matrix: [Float]) -> [Float] {
        let a = SIMD3(matrix[0], matrix[1], matrix[2]), b = SIMD3(matrix[4], matrix[5], matrix[6]), c = SIMD3(matrix[8], matrix[9], matrix[10])
        let determinant = dot(a, cross(b, c))
        guard determinant != 0 else { return [1, 0, 0, 0, 1, 0, 0, 0, 1] }
        // The inverse's rows are these cross products over the determinant, so its transpose's columns are.
        let columns = [cross(b, c), cross(c, a), cross(a, b)].map { $0 / determinant }
        return columns.flatMap { [$0.x, $0.y, $0.z] }
    }
}

/// `vector` scaled to length 1; the zero vector stays as it is.
func normalised(_ vector: SIMD3<Float>) -> SIMD3<Float> {
    let size = length(vector)
    return size > 0 ? vector / size : vector
}

func length(_ vector: SIMD3<Float>) -> Float { dot(vector, vector).squareRoot() }

func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }

func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
