import CGLES
import ShaderLanguage

/// The part of the window that draws the same from frame to frame, kept in a texture of the window's size:
/// drawn into again only when what it shows changes (its key) or the window's size does, else put back with one
/// quad, so a frame pays for what moves alone.
public final class WindowLayer {
    private var target: RenderTarget?
    private var drawnFor: AnyHashable?

    public init() {}

    /// Puts the layer over the whole window, opaque: first cleared to `background` and drawn again with `draw`
    /// (into the layer's own framebuffer) when it was last drawn for another `key` or window size.
    public func show(for key: AnyHashable, window: PixelSize, presenter: Presenter, background: (Float, Float, Float),
                     draw: () -> Void) throws(GPUError) {
        if target?.size != window {
            target = try RenderTarget(TextureDescriptor(size: window))
            drawnFor = nil
        }
        guard let target else { return }
        if drawnFor != key {
            target.bindForDrawing()
            glClearColor(background.0, background.1, background.2, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            draw()
            drawnFor = key
        }
        presenter.drawLayer(target, window: window)
    }

    /// Lets the texture go, until the layer is shown again.
    public func discard() {
        (target, drawnFor) = (nil, nil)
    }
}
