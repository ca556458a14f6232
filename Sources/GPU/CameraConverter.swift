import Capture
import CGLES
import ShaderGraph

/// Turns captured frames into RGBA render targets on the GPU: the frame's planes are uploaded as they come
/// (YUYV as a half-width RGBA texture, 4:2:0 as luma and chroma planes) and a shader applies the YCbCr
/// matrix and range the driver reported. The CPU never touches a pixel, except MJPEG, which arrives decoded.
public final class CameraConverter {
    private var planes: [PlaneTexture] = []
    private var programs: [CameraPixelFormat: ConversionProgram] = [:]
    private let quad: FullscreenQuad

    public init() throws(GPUError) {
        quad = try FullscreenQuad()
    }

    /// How one plane of a frame is stored and uploaded.
    struct Plane: Equatable {
        var internalFormat: GLint
        var format: GLenum
        var width: Int
        var height: Int
        /// Texels from one row to the next in the frame's bytes.
        var rowLength: Int
        var byteOffset: Int
        var bytesPerTexel: Int

        var byteCount: Int { (rowLength * (height - 1) + width) * bytesPerTexel }
    }

    /// The planes of a frame, with chroma always second (Cb) and third (Cr) whatever the memory order.
    static func planes(of layout: FrameLayout) -> [Plane] {
        let width = layout.width, height = layout.height, stride = layout.bytesPerLine
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        switch layout.format {
        case .yuyv, .uyvy:
            return [Plane(internalFormat: GL_RGBA8, format: GLenum(GL_RGBA), width: chromaWidth, height: height,
                          rowLength: stride / 4, byteOffset: 0, bytesPerTexel: 4)]
        case .nv12:
            return [Plane(internalFormat: GL_R8, format: GLenum(GL_RED), width: width, height: height,
                          rowLength: stride, byteOffset: 0, bytesPerTexel: 1),
                    Plane(internalFormat: GL_RG8, format: GLenum(GL_RG), width: chromaWidth, height: chromaHeight,
                          rowLength: stride / 2, byteOffset: stride * height, bytesPerTexel: 2)]
        case .yu12, .yv12:
            let luma = Plane(internalFormat: GL_R8, format: GLenum(GL_RED), width: width, height: height,
                             rowLength: stride, byteOffset: 0, bytesPerTexel: 1)
            let chromaStride = stride / 2
            let first = stride * height
            let second = first + chromaStride * chromaHeight
            func chroma(at offset: Int) -> Plane {
                Plane(internalFormat: GL_R8, format: GLenum(GL_RED), width: chromaWidth, height: chromaHeight,
                      rowLength: chromaStride, byteOffset: offset, bytesPerTexel: 1)
            }
            return layout.format == .yu12 ? [luma, chroma(at: first), chroma(at: second)]
                : [luma, chroma(at: second), chroma(at: first)]
        case .rgb24, .bgr24:
            return [Plane(internalFormat: GL_RGB8, format: GLenum(GL_RGB), width: width, height: height,
                          rowLength: stride / 3, byteOffset: 0, bytesPerTexel: 3)]
        case .mjpeg:
            return [Plane(internalFormat: GL_RGBA8, format: GLenum(GL_RGBA), width: width, height: height,
                          rowLength: width, byteOffset: 0, bytesPerTexel: 4)]
        }
    }

    /// Uploads `frame` and converts it into `target` (which has the frame's size). False when the frame is
    /// shorter than its layout says, which a driver can deliver after an error: the caller keeps the last frame.
    @discardableResult
    public func convert(_ frame: CameraFrame, into target: RenderTarget) throws(GPUError) -> Bool {
        let layout = frame.layout
        let wanted = Self.planes(of: layout)
        guard let last = wanted.last, frame.bytes.count >= last.byteOffset + last.byteCount else { return false }
        if planes.map(\.plane) != wanted {
            planes = wanted.map(PlaneTexture.init)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        frame.bytes.withUnsafeBytes { bytes in
            for (unit, texture) in planes.enumerated() {
                texture.upload(bytes.baseAddress!.advanced(by: texture.plane.byteOffset), unit: unit)
            }
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        let program = try program(for: layout.format)
        target.bindForDrawing()
        program.use(encoding: layout.encoding)
        quad.draw()
        try GLInfo.check("converting a \(layout) camera frame")
        return true
    }

    private func program(for format: CameraPixelFormat) throws(GPUError) -> ConversionProgram {
        if let program = programs[format] { return program }
        let program = try ConversionProgram(format: format)
        programs[format] = program
        return program
    }
}

/// One plane's texture, reallocated only when the frame layout changes.
private final class PlaneTexture {
    let plane: CameraConverter.Plane
    let texture: GLuint

    init(_ plane: CameraConverter.Plane) {
        self.plane = plane
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        self.texture = texture
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(plane.internalFormat), GLsizei(plane.width), GLsizei(plane.height))
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
    }

    func upload(_ bytes: UnsafeRawPointer, unit: Int) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(plane.rowLength))
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(plane.width), GLsizei(plane.height),
                        plane.format, GLenum(GL_UNSIGNED_BYTE), bytes)
    }

    deinit {
        var texture = texture
        glDeleteTextures(1, &texture)
    }
}

/// The shader that converts one pixel format, reading texels exactly (no filtering) by the output pixel.
private final class ConversionProgram {
    let name: GLuint
    private let matrixLocation: GLint
    private let offsetLocation: GLint

    init(format: CameraPixelFormat) throws(GPUError) {
        let vertex = """
            #version 300 es
            in vec2 \(VertexStage.positionAttribute);
            void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
            """
        let fragment = """
            #version 300 es
            precision highp float;
            precision highp int;
            uniform highp sampler2D plane0;
            uniform highp sampler2D plane1;
            uniform highp sampler2D plane2;
            uniform mat3 matrix;
            uniform vec3 offset;
            out vec4 colour;
            void main() {
                ivec2 pixel = ivec2(gl_FragCoord.xy);
                \(Self.body(for: format))
            }
            """
        name = try ProgramBuild.builtIn("the \(format.rawValue) camera conversion", vertex: vertex, fragment: fragment,
                                        attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
        glUseProgram(name)
        for unit in 0..<3 { glUniform1i(glGetUniformLocation(name, "plane\(unit)"), GLint(unit)) }
        matrixLocation = glGetUniformLocation(name, "matrix")
        offsetLocation = glGetUniformLocation(name, "offset")
    }

    /// The fragment body for one format; YCbCr formats gather (Y, Cb, Cr) and share the matrix step.
    private static func body(for format: CameraPixelFormat) -> String {
        let ycbcr: String
        switch format {
        case .yuyv:
            ycbcr = """
                vec4 pair = texelFetch(plane0, ivec2(pixel.x / 2, pixel.y), 0);
                vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.r : pair.b, pair.g, pair.a);
                """
        case .uyvy:
            ycbcr = """
                vec4 pair = texelFetch(plane0, ivec2(pixel.x / 2, pixel.y), 0);
                vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.g : pair.a, pair.r, pair.b);
                """
        case .nv12:
            ycbcr = "vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, pixel / 2, 0).rg);"
        case .yu12, .yv12:
            ycbcr = "vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, pixel / 2, 0).r, texelFetch(plane2, pixel / 2, 0).r);"
        case .rgb24, .mjpeg:
            return "colour = vec4(texelFetch(plane0, pixel, 0).rgb, 1.0);"
        case .bgr24:
            return "colour = vec4(texelFetch(plane0, pixel, 0).bgr, 1.0);"
        }
        return ycbcr + "\ncolour = vec4(clamp(matrix * (ycc - offset), 0.0, 1.0), 1.0);"
    }

    func use(encoding: ColorEncoding) {
        glUseProgram(name)
        let (matrix, offset) = encoding.conversion
        glUniformMatrix3fv(matrixLocation, 1, GLboolean(GL_FALSE), matrix)
        glUniform3fv(offsetLocation, 1, offset)
    }

    deinit {
        glDeleteProgram(name)
    }
}
