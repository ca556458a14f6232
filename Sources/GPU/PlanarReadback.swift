import CGLES
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Reads rendered frames back as YUV 4:2:0 (I420, limited range, BT.709 unless told) for a movie encoder: the GPU
/// converts each frame into one texture that holds the three planes, four bytes of a plane to a texel, so
/// only 1.5 bytes a pixel cross to the CPU instead of 4. Reads go into pixel-buffer objects and are mapped
/// a few frames later, so the GPU's work and the copy overlap the encoder's.
///
/// The luma plane fills the texture's lower rows; Cb and Cr lie side by side in the rows above it. Each
/// draw covers one plane, so a fragment knows its pixels from its position alone: no integer division,
/// which GPUs (and llvmpipe's vector code) do slowly.
///
/// 4:2:0 needs an even size: an odd width or height gains a column or row repeating the last one.
public final class PlanarReadback {
    /// The size of the frames handed out: the image's, rounded up to even.
    public let size: PixelSize
    public let layout: FrameLayout
    private let packed: RenderTarget
    /// Where each plane's texels lie in `packed`, in the order luma, Cb, Cr.
    private let planeRegions: [(x: Int, y: Int, width: Int, height: Int)]
    private let program: BuiltInProgram
    private let imageSizeLocation: GLint
    private let planeLocation: GLint
    private let originLocation: GLint
    private let quad: FullscreenQuad
    private let buffers: [PixelPackBuffer]
    /// Buffers read into and not mapped yet, oldest first, with the frame index each holds.
    private var inFlight: [(buffer: PixelPackBuffer, index: Int)] = []
    private var nextBuffer = 0
    private var spare: [[UInt8]] = []

    /// Frames of `imageSize`, with up to `depth` reads in flight before the oldest is mapped, their colour
    /// in `matrix` (BT.709 for movies, which are tagged with it; BT.601 where nothing can say which).
    public init(imageSize: PixelSize, depth: Int = 2, matrix: ColorEncoding.Matrix = .bt709) throws(GPUError) {
        let width = imageSize.width + imageSize.width % 2, height = imageSize.height + imageSize.height % 2
        size = PixelSize(width: width, height: height)
        let lumaTexels = (width + 3) / 4, chromaTexels = (width / 2 + 3) / 4
        let texelsPerRow = max(lumaTexels, 2 * chromaTexels)
        let bytesPerRow = texelsPerRow * 4
        planeRegions = [(0, 0, lumaTexels, height), (0, height, chromaTexels, height / 2),
                        (chromaTexels, height, chromaTexels, height / 2)]
        let rows = height + height / 2
        layout = FrameLayout(format: .i420, width: width, height: height,
                             planes: planeRegions.map { FrameLayout.Plane(offset: $0.y * bytesPerRow + $0.x * 4, bytesPerRow: bytesPerRow) },
                             byteCount: rows * bytesPerRow, encoding: ColorEncoding(matrix: matrix, range: .limited))
        packed = try RenderTarget(TextureDescriptor(size: PixelSize(width: texelsPerRow, height: rows)))
        program = try BuiltInProgram("the YUV 4:2:0 conversion", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: GPUShaderFile.yuv420Readback.text,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("image", unit: 0)
        let (red, blue) = matrix.weights
        program.use()
        glUniform3f(program.uniformLocation("lumaWeights"), GLfloat(red), GLfloat(1 - red - blue), GLfloat(blue))
        glUniform2f(program.uniformLocation("chromaSpans"), GLfloat(2 * (1 - blue)), GLfloat(2 * (1 - red)))
        imageSizeLocation = program.uniformLocation("imageSize")
        planeLocation = program.uniformLocation("plane")
        originLocation = program.uniformLocation("origin")
        quad = try FullscreenQuad()
        let byteCount = layout.byteCount
        buffers = (0...max(depth, 1)).map { _ in PixelPackBuffer(byteCount: byteCount) }
        try GLInfo.check("allocating the YUV readback buffers")
    }

    /// Converts `image` (frame `index`) and starts reading it; returns the oldest frame in flight once more
    /// than `depth` are, else nil.
    public func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame? {
        packed.bindForDrawing()
        program.use()
        glUniform2i(imageSizeLocation, GLint(image.size.width), GLint(image.size.height))
        image.bind(toUnit: 0, filter: GL_NEAREST)
        for (plane, region) in planeRegions.enumerated() {
            glViewport(GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height))
            glUniform1i(planeLocation, GLint(plane))
            glUniform2i(originLocation, GLint(region.x), GLint(region.y))
            quad.draw()
        }
        let buffer = buffers[nextBuffer]
        nextBuffer = (nextBuffer + 1) % buffers.count
        buffer.startReading(width: packed.size.width, height: packed.size.height)
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
        try buffer.copy(into: &bytes, reading: "a frame read back as YUV")
        return VideoFrame(layout: layout, bytes: bytes, sequence: UInt32(truncatingIfNeeded: index), timestamp: Double(index))
    }
}
