/// The GLSL types a composition can give a value to, and the samplers it wires images into.
public enum GLSLType: Hashable, Sendable, CustomStringConvertible {
    case float, vec2, vec3, vec4
    case int, ivec2, ivec3, ivec4
    case bool, bvec2, bvec3, bvec4
    case mat2, mat3, mat4
    case sampler2D
    /// Any other type (structs, cube samplers, …): declared by the shader, never set by the workbench.
    case other(String)

    public init(name: String) {
        switch name {
        case "float": self = .float
        case "vec2": self = .vec2
        case "vec3": self = .vec3
        case "vec4": self = .vec4
        case "int": self = .int
        case "ivec2": self = .ivec2
        case "ivec3": self = .ivec3
        case "ivec4": self = .ivec4
        case "bool": self = .bool
        case "bvec2": self = .bvec2
        case "bvec3": self = .bvec3
        case "bvec4": self = .bvec4
        case "mat2": self = .mat2
        case "mat3": self = .mat3
        case "mat4": self = .mat4
        case "sampler2D": self = .sampler2D
        default: self = .other(name)
        }
    }

    /// How many numbers a value of this type has; nil for samplers and other types.
    public var componentCount: Int? {
        switch self {
        case .float, .int, .bool: 1
        case .vec2, .ivec2, .bvec2: 2
        case .vec3, .ivec3, .bvec3: 3
        case .vec4, .ivec4, .bvec4, .mat2: 4
        case .mat3: 9
        case .mat4: 16
        case .sampler2D, .other: nil
        }
    }

    public enum ScalarKind: Sendable { case float, int, bool }

    public var scalarKind: ScalarKind? {
        switch self {
        case .float, .vec2, .vec3, .vec4, .mat2, .mat3, .mat4: .float
        case .int, .ivec2, .ivec3, .ivec4: .int
        case .bool, .bvec2, .bvec3, .bvec4: .bool
        case .sampler2D, .other: nil
        }
    }

    public var description: String {
        switch self {
        case .float: "float"
        case .vec2: "vec2"
        case .vec3: "vec3"
        case .vec4: "vec4"
        case .int: "int"
        case .ivec2: "ivec2"
        case .ivec3: "ivec3"
        case .ivec4: "ivec4"
        case .bool: "bool"
        case .bvec2: "bvec2"
        case .bvec3: "bvec3"
        case .bvec4: "bvec4"
        case .mat2: "mat2"
        case .mat3: "mat3"
        case .mat4: "mat4"
        case .sampler2D: "sampler2D"
        case .other(let name): name
        }
    }
}
