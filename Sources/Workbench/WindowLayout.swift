/// Where things go in the window, in the units the interface counts in (GLFW's window units; HiDPI screens
/// have more framebuffer pixels than units).
struct WindowLayout {
    var width: Float
    var height: Float

    init(windowWidth: Int, windowHeight: Int) {
        width = Float(max(1, windowWidth))
        height = Float(max(1, windowHeight))
    }

    /// The width the image is shown in.
    var imageAreaWidth: Float { width }
}
