import Images
import ShaderGraph

/// The keyboard as ShaderToy gives it to shaders: a 256×3 image indexed by JavaScript key code (65 is A, 37 the
/// left arrow). Row 0 says whether the key is held, row 1 whether it went down since the last frame drawn, row 2
/// whether it has been pressed an odd number of times; the red channel holds it, 255 for yes. VS Code's Shader Toy
/// extension's image has a row 3 as well: whether the key went up since the last frame drawn.
public struct ShaderToyKeyboard: Equatable, Sendable {
    public static let width = 256

    private(set) var held: Set<Int> = []
    private(set) var pressed: Set<Int> = []
    private(set) var toggled: Set<Int> = []
    private(set) var released: Set<Int> = []

    public init() {}

    public mutating func keyDown(_ code: Int) {
        guard (0..<Self.width).contains(code), !held.contains(code) else { return }
        held.insert(code)
        pressed.insert(code)
        if toggled.contains(code) { toggled.remove(code) } else { toggled.insert(code) }
    }

    public mutating func keyUp(_ code: Int) {
        guard held.remove(code) != nil else { return }
        released.insert(code)
    }

    /// A frame showed this state: the keys that went down or up before it are no longer new.
    public mutating func frameShown() {
        pressed.removeAll()
        released.removeAll()
    }

    /// Whether a key went down or up that the next frame has not shown yet: it then needs that frame, and
    /// another to clear the row that says so.
    public var hasNewChanges: Bool { !pressed.isEmpty || !released.isEmpty }

    /// The image in `layout`, its top row first as every image here is stored; the shaders read it with y up,
    /// so their row 0 (held) is its bottom row.
    public func image(_ layout: KeyboardLayout) -> RGBAImage {
        let rows = [held, pressed, toggled, released].prefix(layout.rows).reversed()
        var pixels = [UInt8](repeating: 0, count: Self.width * layout.rows * 4)
        for (row, keys) in rows.enumerated() {
            for x in 0..<Self.width {
                let offset = (row * Self.width + x) * 4
                pixels[offset] = keys.contains(x) ? 255 : 0
                pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: Self.width, height: layout.rows, pixels: pixels)
    }
}
