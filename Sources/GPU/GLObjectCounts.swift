/// How many GL objects of each kind the workbench's wrappers hold. Two readings that are equal mean nothing
/// was made without being deleted in between.
public struct GLObjectCounts: Hashable, Sendable, CustomStringConvertible {
    public var textures = 0
    public var framebuffers = 0
    public var buffers = 0
    public var vertexArrays = 0
    public var programs = 0
    public var shaders = 0
    public var queries = 0

    public init(textures: Int = 0, framebuffers: Int = 0, buffers: Int = 0, vertexArrays: Int = 0, programs: Int = 0, shaders: Int = 0,
                queries: Int = 0) {
        self.textures = textures
        self.framebuffers = framebuffers
        self.buffers = buffers
        self.vertexArrays = vertexArrays
        self.programs = programs
        self.shaders = shaders
        self.queries = queries
    }

    public var description: String {
        "\(textures) textures, \(framebuffers) framebuffers, \(buffers) buffers, \(vertexArrays) vertex arrays, "
            + "\(programs) programs, \(shaders) shaders, \(queries) queries"
    }
}
