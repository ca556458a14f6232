import CGLES
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Reads rendered frames back as YUV 4:2:0 (I420, limited range, BT.709 unless told) for a movie encoder: the GPU
/// packs each frame's planes (`PackedPlanes`), so only 1.5 bytes a pixel cross to the CPU instead of 4. Its own
/// program packs the image it is given; where the frame's last pass packed its image itself
/// (`GraphExecutor.packsOutput`), it reads what it is given as it is. Reads go into pixel-buffer objects and are
/// mapped a few frames later, so the GPU's work and the copy overlap the encoder's.
public final class PlanarReadback {
    /// The size of the frames handed out: the image's, rounded up to even.
    public var size: PixelSize { planes.size }
    public let layout: FrameLayout
    /// The size of the images it packs, before rounding up to even.
    private let imageSize: PixelSize
    private let planes: PackedPlanes
    /// The packing of images given as images; nil where they come packed.
    private let packing: (targets: RenderTarget, program: BuiltInProgram, uniforms: PackedPlanes.Uniforms, quad: FullscreenQuad)?
    private let buffers: [PixelPackBuffer]
    /// Buffers read into and not mapped yet, oldest first, with the frame index each holds.
    private var inFlight: [(buffer: PixelPackBuffer, index: Int)] = []
    private var nextBuffer = 0
    private var spare: [[UInt8]] = []

    /// Frames of `imageSize`, with up to `depth` reads in flight before the oldest is mapped, their colour
    /// in `matrix` (BT.709 for movies, which are tagged with it; BT.601 where nothing can say which).
    /// `packed`: each image pushed is its planes already, drawn by the output's pass (`PassPlan.packing`).
    public init(imageSize: PixelSize, depth: Int = 2, matrix: ColorEncoding.Matrix = .bt709, packed: Bool = false) throws(GPUError) {
        self.imageSize = imageSize
        planes = PackedPlanes(imageSize: imageSize)
        layout = planes.layout(matrix: matrix)
        if packed {
            packing = nil
        } else {
            let targets = try RenderTarget(planes.targets)
            let program = try BuiltInProgram("the YUV 4:2:0 conversion", vertex: GPUShaderFile.fullscreenVertex.text,
                                             fragment: YUV420Packing.fragmentSource(readingSampler: "image"),
                                             attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
            program.setSampler("image", unit: 0)
            program.use()
            let uniforms = PackedPlanes.Uniforms(in: program.uniformLocation, packing: YUV420Packing(matrix))
            packing = (targets, program, uniforms, try FullscreenQuad())
        }
        let byteCount = planes.readByteCount
        buffers = (0...max(depth, 1)).map { _ in PixelPackBuffer(byteCount: byteCount) }
        try GLInfo.check("allocating the YUV readback buffers")
    }

    /// Converts `image` (frame `index`) and starts reading it; returns the oldest frame in flight once more
    /// than `depth` are, else nil.
    public func push(_ image: RenderTarget, index: Int) throws(GPUError) -> VideoFrame? {
        let packed: RenderTarget
        if let packing {
            // Packed into planes of another size, an image would land scrambled in a corner of the frame.
            guard image.size == imageSize else { throw .imageSize(image.size, notFrameSize: imageSize) }
            packing.targets.bindForDrawing()
            packing.program.use()
            image.bind(toUnit: 0, filter: GL_NEAREST)
            planes.draw(imageSize: image.size, uniforms: packing.uniforms, quad: packing.quad)
            packed = packing.targets
        } else {
            guard image.descriptor == planes.targets else {
                throw GPUError("a frame's planes came packed as \(image.descriptor), not as the \(planes.targets) of a \(size) frame")
            }
            packed = image
        }
        let buffer = buffers[nextBuffer]
        nextBuffer = (nextBuffer + 1) % buffers.count
        planes.startReading(packed, into: buffer)
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
        try buffer.read("a frame read back as YUV") { read in FrameStages.time("de-interleaving chroma") { planes.unpack(read, into: &bytes) } }
        return VideoFrame(layout: layout, bytes: bytes, sequence: UInt32(truncatingIfNeeded: index), timestamp: Double(index))
    }
}
