import Foundation

/// The window's orbit camera: a draw node's camera turned about its target, slid across the picture and moved
/// nearer or farther, as glslViewer's and every model viewer's mouse moves it. Each move takes the pointer's
/// travel in pixels of the image and its height, so a drag across the whole picture turns half a turn at any
/// size, and a pan keeps the point under the pointer under it (at the target's distance).
public enum OrbitCamera {
    /// Radians turned per image height dragged.
    static let turnPerHeight = Float.pi
    /// The most the camera rises above or sinks below the target's horizon, short of looking straight down
    /// the up vector, where the view would flip.
    static let steepest = Float.pi / 2 * 0.98
    /// How much nearer one step of the wheel comes.
    static let stepFactor: Float = 0.9

    /// `camera` turned about its target by a drag of `dx`, `dy` pixels over an image `height` pixels high: right
    /// turns the view to the right (the camera goes left around the target), down raises the camera.
    public static func orbit(_ camera: SceneCamera, dx: Float, dy: Float, height: Float) -> SceneCamera {
        let offset = camera.position - camera.target
        let distance = length(offset)
        guard distance > 0, height > 0 else { return camera }
        let up = normalised(camera.up)
        // Where the camera is, as a direction from the target: its angle above the horizon and around the up axis.
        let direction = offset / distance
        let rise = asin(max(-1, min(1, dot(direction, up))))
        let flat = direction - up * dot(direction, up)
        let reference = normalised(abs(up.y) < 0.99 ? cross(up, [0, 1, 0]) : cross(up, [1, 0, 0]))
        let across = cross(up, reference)
        let around = atan2(dot(flat, across), dot(flat, reference))
        let newAround = around - dx / height * turnPerHeight
        let newRise = max(-steepest, min(steepest, rise + dy / height * turnPerHeight))
        let newFlat = reference * cos(newAround) + across * sin(newAround)
        let newDirection = newFlat * cos(newRise) + up * sin(newRise)
        var moved = camera
        moved.position = camera.target + newDirection * distance
        return moved
    }

    /// `camera` and its target slid by a drag of `dx`, `dy` pixels over an image `height` pixels high, so that
    /// the scene at the target's distance follows the pointer.
    public static func pan(_ camera: SceneCamera, dx: Float, dy: Float, height: Float) -> SceneCamera {
        let forward = camera.target - camera.position
        let distance = length(forward)
        guard distance > 0, height > 0 else { return camera }
        let side = normalised(cross(forward, camera.up))
        let upward = cross(side, forward / distance)
        // The picture's height at the target's distance, in world units.
        let span = 2 * distance * tan(camera.fieldOfView * .pi / 360)
        let shift = (side * -dx + upward * dy) * (span / height)
        var moved = camera
        moved.position += shift
        moved.target += shift
        return moved
    }

    /// `camera` moved `steps` wheel steps nearer its target (farther for negative steps), never through it nor
    /// past its near plane.
    public static func zoom(_ camera: SceneCamera, steps: Float) -> SceneCamera {
        let offset = camera.position - camera.target
        let distance = length(offset)
        guard distance > 0 else { return camera }
        let newDistance = max(distance * pow(stepFactor, steps), camera.near * 2)
        var moved = camera
        moved.position = camera.target + offset * (newDistance / distance)
        return moved
    }

    /// `camera` aimed at the middle of `bounds` from the way it looks now, near enough that the sphere around
    /// the box just fits the picture's height.
    public static func frame(_ camera: SceneCamera, bounds: (minimum: SIMD3<Float>, maximum: SIMD3<Float>)) -> SceneCamera {
        let centre = (bounds.minimum + bounds.maximum) / 2
        let radius = max(length(bounds.maximum - bounds.minimum) / 2, 1e-3)
        let offset = camera.position - camera.target
        let direction = length(offset) > 0 ? offset / length(offset) : [0, 0, 1]
        let distance = radius / sin(camera.fieldOfView * .pi / 360)
        var moved = camera
        moved.target = centre
        moved.position = centre + direction * distance
        moved.far = max(camera.far, distance + radius * 2)
        return moved
    }
}
