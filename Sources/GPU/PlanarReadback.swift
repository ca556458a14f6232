import CGLES
import ShaderGraph
import VideoFrames

/// Reads rendered frames back as YUV 4:2:0 (I420, BT.709, limited range) for a movie encoder: the GPU
/// converts each frame into a texture whose bytes, read in order, are the Y, Cb and Cr planes one after
/// the other, so only 1.5 bytes a pixel cross to the CPU instead of 4. Reads go into pixel-buffer objects
/// and are mapped a few frames later, so the GPU's work and the copy overlap the encoder's.
///
/// 4:2:0 needs an even size: an odd width or height gains a column or row repeating the last one.
public final class PlanarReadback {
    /// The size of the frames handed out: the image's, rounded up to even.
    public let size: PixelSize
    public let layout: FrameLayout
    private let packed: RenderTarget
    private let program: GLuint
    private let sourceSizeLocation: GLint
    private let quad: FullscreenQuad
    private var buffers: [GLuint]
    /// Buffers read into and not mapped yet, oldest first, with the frame index each holds.
    private var inFlight: [(buffer: GLuint, index: Int)] = []
    private var nextBuffer = 0
    private var spare: [[UInt8]] = []

    /// Frames of `imageSize`, with up to `depth` reads in flight before the oldest is mapped.
    public init(imageSize: PixelSize, depth: Int = 2) throws(GPUError) {
        let width = imageSize.width + imageSize.width % 2, height = imageSize.height + imageSize.height % 2
        size = PixelSize(width: width, height: height)
        layout = FrameLayout(contiguous: .i420, width: width, height: height, bytesPerRow: width,
                             encoding: ColorEncoding(matrix: .bt709, range: .limited))
        // Each RGBA texel carries four consecutive bytes of the planes; rows are `width / 2` texels long.
        let texelsPerRow = width / 2
        let rows = (layout.byteCount + texelsPerRow * 4 - 1) / (texelsPerRow * 4)
        packed = try RenderTarget(TextureDescriptor(size: PixelSize(width: texelsPerRow, height: rows)))
        program = try ProgramBuild.builtIn("the YUV 4:2:0 conversion", vertex: Self.vertex, fragment: Self.fragment,
                                           attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "image"), 0)
        glUniform2i(glGetUniformLocation(program, "planeSize"), GLint(width), GLint(height))
        glUniform1i(glGetUniformLocation(program, "texelsPerRow"), GLint(texelsPerRow))
        sourceSizeLocation = glGetUniformLocation(program, "imageSize")
        quad = try FullscreenQuad()
        buffers = [GLuint](repeating: 0, count: max(depth, 1) + 1)
        glGenBuffers(GLsizei(buffers.count), &buffers)
        for buffer in buffers {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
            glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), texelsPerRow * rows * 4, nil, GLenum(GL_STREAM_READ))
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        try GLInfo.check("allocating the YUV readback buffers")
    }

    deinit {
        glDeleteBuffers(GLsizei(buffers.count), buffers)
        glDeleteProgram(program)
    }

    /// Converts `image` (frame `index`) and starts reading it; returns the oldest frame in flight once more
    /// than `depth` are, else nil.
    public func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame? {
        packed.bindForDrawing()
        glUseProgram(program)
        glUniform2i(sourceSizeLocation, GLint(image.size.width), GLint(image.size.height))
        image.bind(toUnit: 0, filter: GL_NEAREST)
        quad.draw()
        let buffer = buffers[nextBuffer]
        nextBuffer = (nextBuffer + 1) % buffers.count
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, GLsizei(packed.size.width), GLsizei(packed.size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        try GLInfo.check("reading a frame back as YUV")
        inFlight.append((buffer, index))
        return inFlight.count >= buffers.count ? try mapOldest() : nil
    }

    /// The frames still in flight, oldest first: the end of a render or recording.
    public func drain() throws(GPUError) -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while !inFlight.isEmpty { frames.append(try mapOldest()) }
        return frames
    }

    /// Gives a frame's storage back once the encoder has it.
    public func recycle(_ frame: VideoFrame) {
        if spare.count < buffers.count { spare.append(frame.bytes) }
    }

    private func mapOldest() throws(GPUError) -> VideoFrame {
        let (buffer, index) = inFlight.removeFirst()
        var bytes = spare.popLast() ?? []
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, layout.byteCount, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GPUError("mapping a frame read back as YUV failed (GL error 0x\(String(glGetError(), radix: 16)))")
        }
        let source = UnsafeRawBufferPointer(start: mapped, count: layout.byteCount)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: source)
        glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        return VideoFrame(layout: layout, bytes: bytes, sequence: UInt32(truncatingIfNeeded: index), timestamp: Double(index))
    }

    private static let vertex = """
        #version 300 es
        in vec2 \(VertexStage.positionAttribute);
        void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
        """

    /// Each fragment makes four consecutive bytes of the I420 planes: luma from one pixel, chroma from the
    /// average of a 2×2 block, with the BT.709 limited-range coefficients.
    private static let fragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform highp sampler2D image;
        uniform ivec2 imageSize;
        uniform ivec2 planeSize;
        uniform int texelsPerRow;
        out vec4 bytes;

        vec3 pixel(int x, int y) {
            return texelFetch(image, clamp(ivec2(x, y), ivec2(0), imageSize - 1), 0).rgb;
        }

        float planeByte(int index) {
            const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);
            int lumaCount = planeSize.x * planeSize.y;
            if (index < lumaCount) {
                float luma = dot(pixel(index % planeSize.x, index / planeSize.x), lumaWeights);
                return (16.0 + 219.0 * luma) / 255.0;
            }
            int chromaWidth = planeSize.x / 2;
            int chromaCount = chromaWidth * (planeSize.y / 2);
            int chromaIndex = index - lumaCount;
            bool isRed = chromaIndex >= chromaCount;
            if (isRed) chromaIndex -= chromaCount;
            if (chromaIndex >= chromaCount) return 0.0;
            int x = 2 * (chromaIndex % chromaWidth), y = 2 * (chromaIndex / chromaWidth);
            vec3 rgb = 0.25 * (pixel(x, y) + pixel(x + 1, y) + pixel(x, y + 1) + pixel(x + 1, y + 1));
            float luma = dot(rgb, lumaWeights);
            float difference = isRed ? (rgb.r - luma) / 1.5748 : (rgb.b - luma) / 1.8556;
            return (128.0 + 224.0 * difference) / 255.0;
        }

        void main() {
            ivec2 texel = ivec2(gl_FragCoord.xy);
            int first = (texel.y * texelsPerRow + texel.x) * 4;
            bytes = vec4(planeByte(first), planeByte(first + 1), planeByte(first + 2), planeByte(first + 3));
        }
        """
}
