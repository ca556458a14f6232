import CGLES
import ShaderGraph
import VideoFrames

/// Reads rendered frames back as YUV 4:2:0 (I420, BT.709, limited range) for a movie encoder: the GPU
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

    /// Frames of `imageSize`, with up to `depth` reads in flight before the oldest is mapped.
    public init(imageSize: PixelSize, depth: Int = 2) throws(GPUError) {
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
                             byteCount: rows * bytesPerRow, encoding: ColorEncoding(matrix: .bt709, range: .limited))
        packed = try RenderTarget(TextureDescriptor(size: PixelSize(width: texelsPerRow, height: rows)))
        program = try BuiltInProgram("the YUV 4:2:0 conversion", vertex: Self.vertex, fragment: Self.fragment,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        program.setSampler("image", unit: 0)
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

    private static let vertex = """
        #version 300 es
        in vec2 \(VertexStage.positionAttribute);
        void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
        """

    /// Each fragment makes four consecutive bytes of one plane: luma from one pixel each, chroma from the
    /// average of a 2×2 block each, with the BT.709 limited-range coefficients.
    private static let fragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform highp sampler2D image;
        uniform ivec2 imageSize;
        // 0: luma, 1: Cb, 2: Cr.
        uniform int plane;
        // The plane's first texel in the target.
        uniform ivec2 origin;
        out vec4 bytes;

        const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);

        vec3 pixel(int x, int y) {
            return texelFetch(image, clamp(ivec2(x, y), ivec2(0), imageSize - 1), 0).rgb;
        }

        float lumaByte(int x, int y) {
            return (16.0 + 219.0 * dot(pixel(x, y), lumaWeights)) / 255.0;
        }

        float chromaByte(int x, int y) {
            vec3 rgb = 0.25 * (pixel(2 * x, 2 * y) + pixel(2 * x + 1, 2 * y) + pixel(2 * x, 2 * y + 1) + pixel(2 * x + 1, 2 * y + 1));
            float luma = dot(rgb, lumaWeights);
            float difference = plane == 1 ? (rgb.b - luma) / 1.8556 : (rgb.r - luma) / 1.5748;
            return (128.0 + 224.0 * difference) / 255.0;
        }

        void main() {
            ivec2 texel = ivec2(gl_FragCoord.xy) - origin;
            int x = 4 * texel.x, y = texel.y;
            if (plane == 0) {
                bytes = vec4(lumaByte(x, y), lumaByte(x + 1, y), lumaByte(x + 2, y), lumaByte(x + 3, y));
            } else {
                bytes = vec4(chromaByte(x, y), chromaByte(x + 1, y), chromaByte(x + 2, y), chromaByte(x + 3, y));
            }
        }
        """
}
