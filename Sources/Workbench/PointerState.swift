import GPU
import ShaderGraph
import ShaderLanguage

/// The pointer over the output, kept in ShaderToy's `iMouse` form: output pixels with y up; xy follow the
/// pointer while the left button is held; zw hold where it was pressed, z positive while it is held and
/// negative once released, w positive only in the first frame after the press. That is the site's
/// convention since November 2020, as "Special Shadertoy features" (shadertoyunofficial.wordpress.com,
/// 2016-07-20, updated) lists it: just clicked when z > 0 and w > 0, held when z > 0 and w < 0, released when
/// both are negative.
struct PointerState {
    private var shaderToyMouse = SIMD4<Float>(0, 0, 0, 0)
    /// For `mouse`, `pick` and `drag` nodes: x, y in texture coordinates of the output (from the top-left)
    /// and 1 while the left button is held.
    private(set) var normalised = SIMD3<Float>(0, 0, 0)
    /// Where the pointer is over the output, held or not, in output pixels with y up: glslViewer's `u_mouse`.
    /// Nil until it has been over the output.
    private(set) var position: SIMD2<Float>?
    private var pressed = false
    /// Where the left button last went down, until the loop takes it.
    private(set) var pressedAt: SIMD2<Float>?

    /// Where it last went up, until the loop takes it.
    private(set) var releasedAt: SIMD2<Float>?

    /// `iMouse` for the frame about to be drawn; a press's positive w is for that one frame only.
    mutating func takeShaderToyMouse() -> SIMD4<Float> {
        defer { shaderToyMouse.w = -abs(shaderToyMouse.w) }
        return shaderToyMouse
    }

    /// The press and release since the loop last asked, so a click or drag between two frames still counts.
    mutating func takeButtonChanges() -> (press: SIMD2<Float>?, release: SIMD2<Float>?) {
        defer {
            pressedAt = nil
            releasedAt = nil
        }
        return (pressedAt, releasedAt)
    }

    /// Takes a pointer event in framebuffer pixels, with the image shown in `area`; true when the value
    /// shaders see changed.
    mutating func update(x: Double, y: Double, pressed isPressed: Bool, output: PixelSize?, area: PixelRectangle) -> Bool {
        defer { pressed = isPressed }
        guard let output, let point = Presenter.imagePoint(x: x, y: y, image: output, area: area) else {
            return releaseIfNeeded(isPressed)
        }
        let position = SIMD2<Float>(Float(point.x), Float(Double(output.height) - point.y))
        let before = (shaderToyMouse, normalised)
        self.position = position
        normalised = SIMD3(Float(point.x / Double(output.width)), Float(point.y / Double(output.height)), isPressed ? 1 : 0)
        if isPressed {
            shaderToyMouse.x = position.x
            shaderToyMouse.y = position.y
            if !pressed {
                pressedAt = SIMD2(normalised.x, normalised.y)
                shaderToyMouse.z = position.x
                shaderToyMouse.w = position.y
            }
        } else if pressed {
            releasedAt = SIMD2(normalised.x, normalised.y)
            shaderToyMouse.z = -abs(shaderToyMouse.z)
            shaderToyMouse.w = -abs(shaderToyMouse.w)
        }
        return shaderToyMouse != before.0 || normalised != before.1
    }

    private mutating func releaseIfNeeded(_ isPressed: Bool) -> Bool {
        guard pressed, !isPressed else { return false }
        normalised.z = 0
        releasedAt = SIMD2(normalised.x, normalised.y)
        shaderToyMouse.z = -abs(shaderToyMouse.z)
        shaderToyMouse.w = -abs(shaderToyMouse.w)
        return true
    }
}
