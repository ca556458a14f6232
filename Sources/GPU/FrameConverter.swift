import CGLES
import ShaderGraph
import VideoFrames

/// Turns frames from cameras and movies into upright RGBA render targets on the GPU: the frame's planes are
/// uploaded as they come (YUYV as a half-width RGBA texture, planar formats as one texture a plane) and a
/// shader applies the YCbCr matrix and range the source reported, the pixel aspect and the rotation.
/// The CPU never touches a pixel.
public final class FrameConverter {
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
        case .rgba:
            return [plane(0, .rgba, width: width, height: height)]
        }
    }

    /// Uploads `frame` and converts it into `target`, which has the frame's upright size. False when the
    /// frame is shorter than its layout says, which a driver can deliver after an error: the caller keeps
    /// the last frame.
    @discardableResult
    public func convert(_ frame: VideoFrame, into target: RenderTarget) throws(GPUError) -> Bool {
        let layout = frame.layout
        guard layout.planes.count == layout.format.planeCount else { return false }
        let wanted = Self.planes(of: layout)
        guard wanted.allSatisfy({ frame.bytes.count >= $0.byteOffset + $0.byteCount }) else { return false }
        if planes.map(\.plane) != wanted {
            planes = wanted.enumerated().map { PlaneTexture($1, unit: $0) }
        }
        frame.bytes.withUnsafeBytes { bytes in
            for (unit, texture) in planes.enumerated() {
                texture.upload(bytes.baseAddress!.advanced(by: texture.plane.byteOffset), unit: unit)
            }
        }
        let program = try program(for: layout.format)
        target.bindForDrawing()
        program.use(layout)
        quad.draw()
        try GLInfo.check("converting a \(layout) frame")
        return true
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
        texture.bind(toUnit: unit)
        texture.replace(rows: 0..<plane.height, from: bytes, rowLength: plane.rowLength)
    }
}

/// The shader that converts one plane format. Each output pixel reads its stored pixel exactly (no
/// filtering): the output is turned back to the stored orientation and scaled by the pixel aspect.
private final class ConversionProgram {
    private let program: BuiltInProgram
    private let matrixLocation: GLint
    private let offsetLocation: GLint
    private let storedSizeLocation: GLint
    private let stretchedSizeLocation: GLint
    private let turnsLocation: GLint

    init(format: PlaneFormat) throws(GPUError) {
        let vertex = """
            #version 300 es
            in vec2 \(VertexStage.positionAttribute);
            void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
            """
        let (horizontal, vertical) = format.chromaSubsampling
        let fragment = """
            #version 300 es
            precision highp float;
            precision highp int;
            uniform highp sampler2D plane0;
            uniform highp sampler2D plane1;
            uniform highp sampler2D plane2;
            uniform mat3 matrix;
            uniform vec3 offset;
            uniform ivec2 storedSize;
            // The stored image stretched by its pixel aspect, before it is turned.
            uniform ivec2 stretchedSize;
            uniform int turns;
            out vec4 colour;
            void main() {
                ivec2 shown = ivec2(gl_FragCoord.xy);
                ivec2 unturned = turns == 0 ? shown
                    : turns == 1 ? ivec2(shown.y, stretchedSize.y - 1 - shown.x)
                    : turns == 2 ? stretchedSize - 1 - shown
                    : ivec2(stretchedSize.x - 1 - shown.y, shown.x);
                vec2 scale = vec2(storedSize) / vec2(stretchedSize);
                ivec2 pixel = clamp(ivec2((vec2(unturned) + 0.5) * scale), ivec2(0), storedSize - 1);
                ivec2 chroma = pixel / ivec2(\(horizontal), \(vertical));
                \(Self.body(for: format))
            }
            """
        program = try BuiltInProgram("the \(format.rawValue) frame conversion", vertex: vertex, fragment: fragment,
                                     attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        for unit in 0..<3 { program.setSampler("plane\(unit)", unit: unit) }
        matrixLocation = program.uniformLocation("matrix")
        offsetLocation = program.uniformLocation("offset")
        storedSizeLocation = program.uniformLocation("storedSize")
        stretchedSizeLocation = program.uniformLocation("stretchedSize")
        turnsLocation = program.uniformLocation("turns")
    }

    /// The fragment body for one format; YCbCr formats gather (Y, Cb, Cr) and share the matrix step.
    private static func body(for format: PlaneFormat) -> String {
        let ycbcr: String
        switch format {
        case .yuyv:
            ycbcr = """
                vec4 pair = texelFetch(plane0, chroma, 0);
                vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.r : pair.b, pair.g, pair.a);
                """
        case .uyvy:
            ycbcr = """
                vec4 pair = texelFetch(plane0, chroma, 0);
                vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.g : pair.a, pair.r, pair.b);
                """
        case .nv12:
            ycbcr = "vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, chroma, 0).rg);"
        case .i420, .yv12, .yuv422p, .yuv444p:
            ycbcr = "vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, chroma, 0).r, texelFetch(plane2, chroma, 0).r);"
        case .rgb24, .rgba:
            return "colour = vec4(texelFetch(plane0, pixel, 0).rgb, 1.0);"
        case .bgr24:
            return "colour = vec4(texelFetch(plane0, pixel, 0).bgr, 1.0);"
        }
        return ycbcr + "\ncolour = vec4(clamp(matrix * (ycc - offset), 0.0, 1.0), 1.0);"
    }

    func use(_ layout: FrameLayout) {
        program.use()
        let (matrix, offset) = layout.encoding.conversion
        glUniformMatrix3fv(matrixLocation, 1, GLboolean(GL_FALSE), matrix)
        glUniform3fv(offsetLocation, 1, offset)
        glUniform2i(storedSizeLocation, GLint(layout.width), GLint(layout.height))
        let upright = layout.displaySize
        let (width, height) = layout.quarterTurns % 2 == 0 ? upright : (upright.height, upright.width)
        glUniform2i(stretchedSizeLocation, GLint(width), GLint(height))
        glUniform1i(turnsLocation, GLint(layout.quarterTurns))
    }
}
