import CGLES

/// One GL object, owned: made (or adopted) and counted in `LiveGLObjects` when this is created, deleted and
/// taken off the count when it is dropped. Every wrapper holds its GL objects through one of these, so making,
/// deleting and counting them have one home. Like the wrapper holding it, it is dropped on the thread whose
/// context made it.
struct GLObject: ~Copyable {
    enum Kind {
        case texture
        case framebuffer
        case buffer
        case vertexArray
        case program
        case vertexShader
        case fragmentShader
        case computeShader
        case query
    }

    let kind: Kind
    let name: GLuint

    init(_ kind: Kind) {
        var name: GLuint = 0
        switch kind {
        case .texture: glGenTextures(1, &name)
        case .framebuffer: glGenFramebuffers(1, &name)
        case .buffer: glGenBuffers(1, &name)
        case .vertexArray: glGenVertexArrays(1, &name)
        case .program: name = glCreateProgram()
        case .vertexShader: name = glCreateShader(GLenum(GL_VERTEX_SHADER))
        case .fragmentShader: name = glCreateShader(GLenum(GL_FRAGMENT_SHADER))
        case .computeShader: name = glCreateShader(GLenum(GL_COMPUTE_SHADER))
        case .query: glGenQueries(1, &name)
        }
        self.init(adopting: name, kind: kind)
    }

    /// Takes ownership of an object made elsewhere: a program linked on a compiling thread.
    init(adopting name: GLuint, kind: Kind) {
        self.kind = kind
        self.name = name
        LiveGLObjects.change(kind, by: 1)
    }

    /// Gives the object up without deleting it, for another thread's wrapper to adopt.
    consuming func handOver() -> GLuint {
        let name = name
        LiveGLObjects.change(kind, by: -1)
        discard self
        return name
    }

    deinit {
        var name = name
        switch kind {
        case .texture: glDeleteTextures(1, &name)
        case .framebuffer: glDeleteFramebuffers(1, &name)
        case .buffer: glDeleteBuffers(1, &name)
        case .vertexArray: glDeleteVertexArrays(1, &name)
        case .program: glDeleteProgram(name)
        case .vertexShader, .fragmentShader, .computeShader: glDeleteShader(name)
        case .query: glDeleteQueries(1, &name)
        }
        LiveGLObjects.change(kind, by: -1)
    }
}
