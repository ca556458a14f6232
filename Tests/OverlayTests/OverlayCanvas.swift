import CGLES
import GPU
import Images
import Overlay
import ShaderGraph

/// A headless context with an RGBA8 texture and framebuffer to draw the overlay into, read back in screen
/// order (row 0 at the top). Overlay tests run serialised: each makes its context current on its own thread
/// for its whole synchronous run.
final class OverlayCanvas {
    let context: HeadlessContext
    let size: PixelSize
    private let texture: GLuint
    private let framebuffer: GLuint

    init(width: Int = 200, height: Int = 60) throws {
        context = try HeadlessContext()
        size = PixelSize(width: width, height: height)
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        self.texture = texture
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        self.framebuffer = framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("the test canvas framebuffer is incomplete")
        }
        clear()
    }

    /// Binds the canvas and fills it with one colour.
    func clear(red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 1) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glClearColor(red, green, blue, alpha)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
    }

    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// The pixels as seen on screen: glReadPixels gives the bottom row first, so rows are flipped.
    func read() -> RGBAImage {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let rowBytes = size.width * 4
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * size.height)
        bottomUp.withUnsafeMutableBytes { bytes in
            glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        var topDown = [UInt8]()
        topDown.reserveCapacity(bottomUp.count)
        for row in (0..<size.height).reversed() {
            topDown += bottomUp[(row * rowBytes)..<((row + 1) * rowBytes)]
        }
        return RGBAImage(width: size.width, height: size.height, pixels: topDown)
    }

    deinit {
        var framebuffer = framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = texture
        glDeleteTextures(1, &texture)
    }
}

/// A pixel position in screen order.
struct Point: Hashable, CustomStringConvertible {
    var x: Int
    var y: Int
    var description: String { "(\(x), \(y))" }
}

extension RGBAImage {
    /// Every pixel where `test` holds, in screen order.
    func points(where test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> [Point] {
        var found: [Point] = []
        for y in 0..<height {
            for x in 0..<width where test(self[x, y]) {
                found.append(Point(x: x, y: y))
            }
        }
        return found
    }

    /// Pixels with any light in them, on a black background.
    var litPoints: [Point] {
        points { $0.r > 0 || $0.g > 0 || $0.b > 0 }
    }
}

/// A white that the overlay's colour conversion gives back exactly.
let white = SIMD4<Float>(1, 1, 1, 1)
