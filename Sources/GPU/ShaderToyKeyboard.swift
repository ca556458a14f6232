import Images

/// The keyboard as ShaderToy gives it to shaders: a 256×3 image indexed by JavaScript key code (65 is A, 37 the
/// left arrow). Row 0 says whether the key is held, row 1 whether it went down since the last frame drawn, row 2
/// whether it has been pressed an odd number of times; the red channel holds it, 255 for yes.
public struct ShaderToyKeyboard: Equatable, Sendable {
    public static let width = 256
    public static let rows = 3

    private(set) var held: Set<Int> = []
    private(set) var pressed: Set<Int> = []
    private(set) var toggled: Set<Int> = []

    public init() {}

    public mutating func keyDown(_ code: Int) {
        guard (0..<Self.width).contains(code), !held.contains(code) else { return }
        held.insert(code)
        pressed.insert(code)
        if toggled.contains(code) { toggled.remove(code) } else { toggled.insert(code) }
    }

    public mutating func keyUp(_ code: Int) {
        held.remove(code)
    }

    /// A frame showed this state: the keys pressed before it are no longer new.
    public mutating func frameShown() {
        pressed.removeAll()
    }

    /// Whether a key went down that the next frame has not shown yet: it then needs that frame, and another
    /// to clear row 1.
    public var hasNewPresses: Bool { !pressed.isEmpty }

    /// The image, its top row first as every image here is stored; ShaderToy shaders read with y up, so their
    /// row 0 (held) is its bottom row.
    public var image: RGBAImage {
        var pixels = [UInt8](repeating: 0, count: Self.width * Self.rows * 4)
        for (row, keys) in [toggled, pressed, held].enumerated() {
            for x in 0..<Self.width {
                let offset = (row * Self.width + x) * 4
                pixels[offset] = keys.contains(x) ? 255 : 0
                pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: Self.width, height: Self.rows, pixels: pixels)
    }
}
