import CGLES
import ShaderGraph
import ShaderLanguage

/// Shows a render target in the window's own framebuffer, scaled to fit an area of it with its aspect ratio
/// kept and bars around it. Render targets hold an image's top row at row 0; the window's row 0 is its bottom, so
/// the quad flips as it draws.
public final class Presenter {
    private let program: BuiltInProgram
    private let quad: FullscreenQuad
    private let scaleLocation: GLint

    public init() throws(GPUError) {
        program = try BuiltInProgram("the presenter", vertex: GPUShaderFile.presenterVertex.text,
                                     fragment: GPUShaderFile.presenterFragment.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        quad = try FullscreenQuad()
        scaleLocation = program.uniformLocation("scale")
    }

    /// Clears the window to `background` with nothing on it (before a first composition loads).
    public func clear(viewport: PixelSize, background: (Float, Float, Float) = (0.09, 0.09, 0.1)) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(viewport.width), GLsizei(viewport.height))
        glClearColor(background.0, background.1, background.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Clears the window of `window` pixels to `background` and draws `target` centred in `area`.
    public func present(_ target: RenderTarget, window: PixelSize, area: PixelRectangle,
                        background: (Float, Float, Float) = (0.09, 0.09, 0.1)) {
        clear(viewport: window, background: background)
        draw(target, window: window, area: area)
    }

    /// Shows `live` as `present` does, and `reference` in its place left of the window column `divider`
    /// (framebuffer pixels from the left): before and after side by side, each fitted to `area` alone.
    public func present(_ live: RenderTarget, beside reference: RenderTarget, divider: Int, window: PixelSize, area: PixelRectangle,
                        background: (Float, Float, Float) = (0.09, 0.09, 0.1)) {
        present(live, window: window, area: area, background: background)
        let width = min(max(divider - area.x, 0), area.width)
        guard width > 0 else { return }
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(area.x), GLint(window.height - area.y - area.height), GLsizei(width), GLsizei(area.height))
        // The live image's pixels left of the divider go, bars included, so a reference of another shape shows alone.
        glClearColor(background.0, background.1, background.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        draw(reference, window: window, area: area)
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Draws `target` centred in `area` of the window's framebuffer, over what is there: one tile of several.
    public func draw(_ target: RenderTarget, window: PixelSize, area: PixelRectangle) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        // GL's viewport counts rows from the bottom.
        glViewport(GLint(area.x), GLint(window.height - area.y - area.height), GLsizei(area.width), GLsizei(area.height))
        let scale = Self.fit(target.size, in: PixelSize(width: area.width, height: area.height))
        program.use()
        program.set(scaleLocation, SIMD2(Float(scale.0), Float(scale.1)))
        // Scaling for display is the one place linear filtering belongs; an image shown pixel for pixel reads
        // the same with nearest, which costs a software rasterizer much less.
        let onePixelEach = abs(Double(area.width) * scale.0 - Double(target.size.width)) < 0.01
            && abs(Double(area.height) * scale.1 - Double(target.size.height)) < 0.01
            && (area.width - target.size.width) % 2 == 0 && (area.height - target.size.height) % 2 == 0
        target.bind(toUnit: 0, filter: onePixelEach ? GL_NEAREST : GL_LINEAR)
        quad.draw()
    }

    /// Draws `layer` over the whole window pixel for pixel, its rows as GL drew them into it (row 0 at the
    /// bottom, as the window's): a picture of part of the window kept between frames (`WindowLayer`).
    func drawLayer(_ layer: RenderTarget, window: PixelSize) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(window.width), GLsizei(window.height))
        program.use()
        // A negative height undoes the flip every other picture needs.
        program.set(scaleLocation, SIMD2<Float>(1, -1))
        layer.bind(toUnit: 0, filter: GL_NEAREST)
        quad.draw()
    }

    /// The share of the viewport's width and height the image covers when fitted with its aspect kept.
    static func fit(_ image: PixelSize, in viewport: PixelSize) -> (Double, Double) {
        let imageAspect = Double(image.width) / Double(image.height)
        let windowAspect = Double(viewport.width) / Double(max(1, viewport.height))
        return imageAspect > windowAspect ? (1.0, windowAspect / imageAspect) : (imageAspect / windowAspect, 1.0)
    }

    /// Where a window pixel (from the top-left) falls in an image of `image` size shown in `area` by
    /// `present`, in image pixels from the top-left; nil outside the image.
    public static func imagePoint(x: Double, y: Double, image: PixelSize, area: PixelRectangle) -> (x: Double, y: Double)? {
        let shown = shownRectangle(of: image, in: area)
        let u = (x - shown.x) / shown.width, v = (y - shown.y) / shown.height
        guard (0...1).contains(u), (0...1).contains(v) else { return nil }
        return (u * Double(image.width), v * Double(image.height))
    }

    /// Where a point of an image of `image` size (image pixels from the top-left) is shown in the window.
    public static func windowPoint(x: Double, y: Double, image: PixelSize, area: PixelRectangle) -> (x: Double, y: Double) {
        let shown = shownRectangle(of: image, in: area)
        return (shown.x + x / Double(image.width) * shown.width, shown.y + y / Double(image.height) * shown.height)
    }

    /// The part of `area` the image covers, in window pixels.
    private static func shownRectangle(of image: PixelSize, in area: PixelRectangle) -> (x: Double, y: Double, width: Double, height: Double) {
        let (width, height) = fit(image, in: PixelSize(width: area.width, height: area.height))
        let shownWidth = Double(area.width) * width, shownHeight = Double(area.height) * height
        return (Double(area.x) + (Double(area.width) - shownWidth) / 2, Double(area.y) + (Double(area.height) - shownHeight) / 2,
                shownWidth, shownHeight)
    }
}
