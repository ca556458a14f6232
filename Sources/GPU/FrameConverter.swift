import CGLES
import Foundation
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Turns frames from cameras and movies into upright RGBA render targets on the GPU: the frame's planes are
/// uploaded as they come (YUYV as a half-width RGBA texture, planar formats as one texture a plane) and a
/// shader applies the YCbCr matrix and range the source reported, the pixel aspect and the rotation. A frame
/// its source already converted to opaque RGBA of the target's shape is uploaded into the target as it is.
/// The planes can also stay uploaded for a pass that converts them in its own program (`FrameConversionMember`).
public final class FrameConverter {
    /// `SHADERBENCH_FRAME_CONVERSION=gpu` or `cpu` overrides the choice of `preferredSite`, to measure one
    /// against the other.
    static let siteOverride = ProcessInfo.processInfo.environment["SHADERBENCH_FRAME_CONVERSION"]

    /// Where camera and movie frames are best converted with the current context: on the CPU where the GPU is
    /// software (a conversion pass there costs more than libswscale's conversion on the decoder's or the capture
    /// thread), else here.
    public static var preferredSite: FrameConversionSite {
        if let siteOverride { return siteOverride == "cpu" ? .cpu : .gpu }
        return GLInfo.isSoftwareRasterizer ? .cpu : .gpu
    }

    /// Whether a frame read at its own pixel by one colour filter is best converted in that filter's program
    /// (`FramePlan.convertsFramesInReaders`): where frames are converted here at all.
    public static var convertsInReaders: Bool { preferredSite == .gpu }

    private var planes: [PlaneTexture] = []
    private var programs: [PlaneFormat: ConversionProgram] = [:]
    private let quad: FullscreenQuad

    public init() throws(GPUError) {
        quad = try FullscreenQuad()
    }

    /// How one plane of a frame is stored and uploaded.
    struct Plane: Equatable {
        var channels: ByteTexture.Channels
        var width: Int
        var height: Int
        /// Texels from one row to the next in the frame's bytes.
        var rowLength: Int
        var byteOffset: Int

        var bytesPerTexel: Int { channels.bytesPerTexel }
        var byteCount: Int { (rowLength * (height - 1) + width) * bytesPerTexel }
    }

    /// The planes of a frame in texture-unit order: luma (or the packed plane) first, then Cb, then Cr,
    /// whatever the memory order.
    static func planes(of layout: FrameLayout) -> [Plane] {
        let width = layout.width, height = layout.height
        let (horizontal, vertical) = layout.format.chromaSubsampling
        let chromaWidth = (width + horizontal - 1) / horizontal, chromaHeight = (height + vertical - 1) / vertical
        func plane(_ index: Int, _ channels: ByteTexture.Channels, width: Int, height: Int) -> Plane {
            let stored = layout.planes[index]
            return Plane(channels: channels, width: width, height: height,
                         rowLength: stored.bytesPerRow / channels.bytesPerTexel, byteOffset: stored.offset)
        }
        switch layout.format {
        case .yuyv, .uyvy:
            return [plane(0, .rgba, width: chromaWidth, height: height)]
        case .nv12:
            return [plane(0, .red, width: width, height: height),
                    plane(1, .redGreen, width: chromaWidth, height: chromaHeight)]
        case .i420, .yuv422p, .yuv444p, .yv12:
            let (cb, cr) = layout.format == .yv12 ? (2, 1) : (1, 2)
            return [plane(0, .red, width: width, height: height),
                    plane(cb, .red, width: chromaWidth, height: chromaHeight),
                    plane(cr, .red, width: chromaWidth, height: chromaHeight)]
        case .rgb24, .bgr24:
            return [plane(0, .rgb, width: width, height: height)]
        case .rgba, .bgra:
            return [plane(0, .rgba, width: width, height: height)]
        }
    }

    /// Uploads `frame` and converts it into `target`, which has the frame's upright size. False when the
    /// frame is shorter than its layout says, which a driver can deliver after an error: the caller keeps
    /// the last frame.
    @discardableResult
    public func convert(_ frame: VideoFrame, into target: RenderTarget) throws(GPUError) -> Bool {
        guard let uploaded = try upload(frame, shownIn: target) else { return false }
        if case .planes(let layout) = uploaded { try draw(layout, into: target) }
        return true
    }

    /// Where `upload(_:shownIn:)` put a frame.
    enum Upload {
        /// Into the target: its bytes were already what a conversion would draw there.
        case shownAsStored
        /// Into the converter's plane textures, laid out so, for `draw(_:into:)` or a pass that converts them
        /// itself (`FrameConversionMember`).
        case planes(FrameLayout)
    }

    /// Uploads `frame` for `target`; nil when the frame is shorter than its layout says.
    func upload(_ frame: VideoFrame, shownIn target: RenderTarget) throws(GPUError) -> Upload? {
        let layout = frame.layout
        guard layout.planes.count == layout.format.planeCount else { return nil }
        let wanted = Self.planes(of: layout)
        guard wanted.allSatisfy({ frame.bytes.count >= $0.byteOffset + $0.byteCount }) else { return nil }
        if Self.isShownAsStored(layout, in: target) {
            frame.bytes.withUnsafeBytes { bytes in
                target.upload(rgba: bytes.baseAddress!.advanced(by: wanted[0].byteOffset), rowLength: wanted[0].rowLength)
            }
            try GLInfo.check("uploading a \(layout) frame")
            return .shownAsStored
        }
        if planes.map(\.plane) != wanted {
            planes = wanted.enumerated().map { PlaneTexture($1, unit: $0) }
        }
        frame.bytes.withUnsafeBytes { bytes in
            for (unit, texture) in planes.enumerated() {
                texture.upload(bytes.baseAddress!.advanced(by: texture.plane.byteOffset), unit: unit)
            }
        }
        try GLInfo.check("uploading a \(layout) frame")
        return .planes(layout)
    }

    /// How many conversion passes it has drawn.
    var passesDrawn: Int { quad.drawCount }

    /// Converts the planes last uploaded, laid out as `layout`, into `target`: at once, or later in the frame
    /// (or in a later graph), when other draws have put their textures on the planes' units.
    func draw(_ layout: FrameLayout, into target: RenderTarget) throws(GPUError) {
        let program = try program(for: layout.format)
        target.bindForDrawing()
        for (unit, texture) in planes.enumerated() { texture.bind(toUnit: unit) }
        program.use(layout)
        quad.draw()
        try GLInfo.check("converting a \(layout) frame")
    }

    /// How a pass that converts frames itself reads the planes last uploaded, laid out as `layout`; nil where
    /// it cannot at `size` (`FrameConversionMember`: turned, stretched, another size, or RGB).
    static func layoutInReader(_ layout: FrameLayout, size: PixelSize) -> FrameConversionMember.Layout? {
        guard layout.quarterTurns == 0, layout.pixelAspect == 1, PixelSize(width: layout.width, height: layout.height) == size else { return nil }
        switch layout.format {
        case .i420, .yv12, .yuv422p, .yuv444p: return .threePlanes
        case .nv12: return .nv12
        case .yuyv: return .yuyv
        case .uyvy: return .uyvy
        case .rgb24, .bgr24, .rgba, .bgra: return nil
        }
    }

    /// Binds the planes last uploaded to `units`, in plane order.
    func bindPlanes(toUnits units: [Int]) {
        for (texture, unit) in zip(planes, units) { texture.bind(toUnit: unit) }
    }

    /// Whether the frame's bytes are already what the conversion would draw into `target`: opaque full-range
    /// RGBA, upright, square pixels, the target's size, so uploading them is the whole conversion.
    static func isShownAsStored(_ layout: FrameLayout, in target: RenderTarget) -> Bool {
        layout.format == .rgba && layout.isOpaque && layout.rgbRange == .full && layout.quarterTurns == 0
            && layout.pixelAspect == 1 && target.size == PixelSize(width: layout.width, height: layout.height)
            && target.descriptor.format == .rgba8
    }

    /// The conversion's fragment shader for one plane format: how its planes hold the colour, and the chroma
    /// planes' step.
    static func conversionShader(for format: PlaneFormat) -> String {
        let planes: [String]
        switch format {
        case .yuyv: planes = ["YUYV"]
        case .uyvy: planes = ["UYVY"]
        case .nv12: planes = ["NV12"]
        case .i420, .yv12, .yuv422p, .yuv444p: planes = ["THREE_PLANES"]
        case .rgb24, .rgba: planes = []
        case .bgr24, .bgra: planes = ["BGR"]
        }
        let (horizontal, vertical) = format.chromaSubsampling
        return GPUShaderFile.frameConversion.text(defining: planes + ["CHROMA_SUBSAMPLING ivec2(\(horizontal), \(vertical))"])
    }

    private func program(for format: PlaneFormat) throws(GPUError) -> ConversionProgram {
        if let program = programs[format] { return program }
        let program = try ConversionProgram(format: format)
        programs[format] = program
        return program
    }
}

/// One plane's texture, reallocated only when the frame layout changes.
private final class PlaneTexture {
    let plane: FrameConverter.Plane
    private let texture: ByteTexture

    init(_ plane: FrameConverter.Plane, unit: Int) {
        self.plane = plane
        texture = ByteTexture(channels: plane.channels, unit: unit)
        texture.allocate(width: plane.width, height: plane.height, texels: nil)
    }

    func upload(_ bytes: UnsafeRawPointer, unit: Int) {
        bind(toUnit: unit)
        texture.replace(rows: 0..<plane.height, from: bytes, rowLength: plane.rowLength)
    }

    func bind(toUnit unit: Int) {
        texture.bind(toUnit: unit)
    }
}

/// The program that converts one plane format (`frame-conversion.frag.glsl`), and its uniforms' locations.
private final class ConversionProgram {
    private let program: BuiltInProgram
    private let matrixLocation: GLint
    private let offsetLocation: GLint
    private let storedSizeLocation: GLint
    private let stretchedSizeLocation: GLint
    private let turnsLocation: GLint

    init(format: PlaneFormat) throws(GPUError) {
        program = try BuiltInProgram("the \(format.rawValue) frame conversion", vertex: GPUShaderFile.fullscreenVertex.text,
                                     fragment: FrameConverter.conversionShader(for: format),
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        for unit in 0..<3 { program.setSampler("plane\(unit)", unit: unit) }
        matrixLocation = program.uniformLocation("matrix")
        offsetLocation = program.uniformLocation("offset")
        storedSizeLocation = program.uniformLocation("storedSize")
        stretchedSizeLocation = program.uniformLocation("stretchedSize")
        turnsLocation = program.uniformLocation("turns")
    }

    func use(_ layout: FrameLayout) {
        program.use()
        let (matrix, offset) = layout.conversion
        glUniformMatrix3fv(matrixLocation, 1, GLboolean(GL_FALSE), matrix)
        glUniform3fv(offsetLocation, 1, offset)
        glUniform2i(storedSizeLocation, GLint(layout.width), GLint(layout.height))
        let upright = layout.displaySize
        let (width, height) = layout.quarterTurns % 2 == 0 ? upright : (upright.height, upright.width)
        glUniform2i(stretchedSizeLocation, GLint(width), GLint(height))
        glUniform1i(turnsLocation, GLint(layout.quarterTurns))
    }
}

extension FrameLayout {
    /// The matrix (by columns) and offset that take the frame's codes to RGB: its YCbCr encoding's, or the
    /// stretch of limited-range RGB to full.
    var conversion: (matrix: [Float], offset: [Float]) {
        format.isYCbCr ? encoding.conversion : ColorEncoding.rgbConversion(range: rgbRange)
    }
}
