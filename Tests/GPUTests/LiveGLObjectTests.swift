import GPU
import ShaderGraph
import ShaderLanguage
import Testing
import VideoFrames

@Suite("Counting live GL objects", .serialized)
struct LiveGLObjectTests {
    /// The workbench's GL wrappers, each with the objects it holds while it lives.
    enum Wrapper: String, CaseIterable, CustomTestStringConvertible {
        case renderTarget = "a render target"
        case byteTexture = "a byte texture"
        case fixedVertexBuffer = "a fixed vertex buffer"
        case rewrittenVertexBuffer = "a vertex buffer rewritten each frame"
        case vertexArray = "a vertex array"
        case builtInProgram = "a built-in program"
        case shaderProgram = "a user's shader program"
        case presenter = "the presenter"
        case outputCopy = "the output copy"
        case frameConverter = "a frame converter that has converted an NV12 frame"
        case planarReadback = "a YUV readback"

        var testDescription: String { rawValue }

        static let vertex = "#version 300 es\nin vec2 position;\nvoid main() { gl_Position = vec4(position, 0.0, 1.0); }"
        static let fragment = "#version 300 es\nprecision highp float;\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }"

        func make() throws -> AnyObject {
            switch self {
            case .renderTarget: return try RenderTarget(TextureDescriptor(size: PixelSize(width: 8, height: 8)))
            case .byteTexture: return ByteTexture(channels: .red, unit: 0)
            case .fixedVertexBuffer: return VertexBuffer(fixed: [0, 0, 1, 1])
            case .rewrittenVertexBuffer: return VertexBuffer(rewrittenEachFrame: 64)
            case .vertexArray: return VertexArray()
            case .builtInProgram: return try BuiltInProgram("a test program", vertex: Self.vertex, fragment: Self.fragment)
            case .shaderProgram:
                let source = SourceText(path: "white.fsh", text: "void main() { gl_FragColor = vec4(1.0); }")
                return try ShaderProgram(PreparedShader(source: source, interface: try ShaderInterface.read(source)))
            case .presenter: return try Presenter()
            case .outputCopy: return try OutputCopy()
            case .frameConverter:
                let layout = FrameLayout(contiguous: .nv12, width: 8, height: 8, bytesPerRow: 8,
                                         encoding: ColorEncoding(matrix: .bt709, range: .limited))
                let frame = VideoFrame(layout: layout, bytes: [UInt8](repeating: 128, count: layout.byteCount), sequence: 0, timestamp: 0)
                let converter = try FrameConverter()
                try converter.convert(frame, into: try RenderTarget(TextureDescriptor(size: PixelSize(width: 8, height: 8))))
                return converter
            case .planarReadback: return try PlanarReadback(imageSize: PixelSize(width: 8, height: 8), depth: 2)
            }
        }

        var holds: GLObjectCounts {
            switch self {
            case .renderTarget: GLObjectCounts(textures: 1, framebuffers: 1)
            case .byteTexture: GLObjectCounts(textures: 1)
            case .fixedVertexBuffer, .rewrittenVertexBuffer: GLObjectCounts(buffers: 1)
            case .vertexArray: GLObjectCounts(vertexArrays: 1)
            case .builtInProgram, .shaderProgram: GLObjectCounts(programs: 1)
            // A program and the full-screen quad's vertex array, corner and texture coordinate buffers.
            case .presenter, .outputCopy: GLObjectCounts(buffers: 2, vertexArrays: 1, programs: 1)
            // The quad, the two planes' textures and the NV12 program.
            case .frameConverter: GLObjectCounts(textures: 2, buffers: 2, vertexArrays: 1, programs: 1)
            // The packed planes' target, the quad, the program and one pixel buffer more than the depth.
            // Three targets drawn at once, each a texture with a framebuffer of its own.
            case .planarReadback: GLObjectCounts(textures: 3, framebuffers: 3, buffers: 5, vertexArrays: 1, programs: 1)
            }
        }
    }

    @Test("a wrapper counts the objects it holds while it lives, and releasing it takes them off", arguments: Wrapper.allCases)
    func wrapperBalances(_ wrapper: Wrapper) throws {
        let context = try HeadlessContext()
        let before = LiveGLObjects.counts
        withExtendedLifetime(try wrapper.make()) {
            #expect(LiveGLObjects.counts == before + wrapper.holds)
        }
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime(context) {}
    }

    @Test("a render target on an app's texture counts only its framebuffer and leaves the texture to the app")
    func borrowedTexture() throws {
        let context = try HeadlessContext()
        let owner = try RenderTarget(TextureDescriptor(size: PixelSize(width: 4, height: 4)))
        let before = LiveGLObjects.counts
        withExtendedLifetime(try RenderTarget(borrowing: owner.texture, size: owner.size)) {
            #expect(LiveGLObjects.counts == before + GLObjectCounts(framebuffers: 1))
        }
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime((context, owner)) {}
    }

    @Test("a program linked for another thread is counted where it is adopted, and a failed build leaves nothing")
    func linkedPrograms() throws {
        let context = try HeadlessContext()
        let before = LiveGLObjects.counts
        let source = SourceText(path: "white.fsh", text: "void main() { gl_FragColor = vec4(1.0); }")
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
        let linked = try ShaderProgram.link(shader)
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime(ShaderProgram(adopting: linked, shader: shader)) {
            #expect(LiveGLObjects.counts == before + GLObjectCounts(programs: 1))
        }
        #expect(LiveGLObjects.counts == before)

        let broken = SourceText(path: "broken.fsh", text: "void main() { gl_FragColor = vec4(1.0) }")
        #expect(throws: DiagnosticsError.self) {
            try ShaderProgram(PreparedShader(source: broken, interface: try ShaderInterface.read(broken)))
        }
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime(context) {}
    }

    @Test("a graph executor gives back every object its passes, reductions and pool made when it is released")
    func executorBalances() throws {
        let workspace = try GPUWorkspace()
        try workspace.writePNG("in.png", gradientImage(width: 40, height: 30))
        try workspace.write("copy.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """)
        let composition = try workspace.load("""
            size: [32, 32]
            nodes:
              photo: { kind: image, file: in.png }
              copy: { kind: shader, file: copy.fsh, inputs: { inputImageTexture: photo }, mapping: { inputImageTexture: fit } }
              middle: { kind: centroid, input: copy }
            output: copy
            """)
        let before = LiveGLObjects.counts
        try withExtendedLifetime(try GraphExecutor(composition: composition)) { executor in
            _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
            #expect(LiveGLObjects.counts != before)
        }
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime(workspace) {}
    }
}

extension GLObjectCounts {
    static func + (left: GLObjectCounts, right: GLObjectCounts) -> GLObjectCounts {
        GLObjectCounts(textures: left.textures + right.textures, framebuffers: left.framebuffers + right.framebuffers,
                       buffers: left.buffers + right.buffers, vertexArrays: left.vertexArrays + right.vertexArrays,
                       programs: left.programs + right.programs, shaders: left.shaders + right.shaders)
    }
}
