/// The std430 layout of a storage buffer's members (OpenGL ES 3.1, section 7.6.2.2): where each member starts
/// and how far apart an array's elements are, for the scalar and vector types a composition can fill and read.
public enum StorageLayout {
    /// A member of a `buffer` block: its type, and its array length (nil for one value, 0 for an array of no
    /// stated length, which only the last member may be).
    public struct Member: Sendable, Equatable {
        public var type: String
        public var name: String
        public var arrayLength: Int?
        public var line: Int
        public var column: Int

        public var isRuntimeArray: Bool { arrayLength == 0 }
    }

    /// What one element of a type is made of: its scalar kind and how many of them.
    public struct Element: Sendable, Equatable {
        public enum Scalar: String, Sendable { case float, int, uint }

        public var scalar: Scalar
        public var components: Int

        /// The types a composition can declare a buffer's elements as.
        public static let byName: [String: Element] = {
            var types: [String: Element] = [:]
            for (prefix, scalar) in [("", Scalar.float), ("i", .int), ("u", .uint)] {
                types[scalar.rawValue] = Element(scalar: scalar, components: 1)
                for count in 2...4 { types["\(prefix)vec\(count)"] = Element(scalar: scalar, components: count) }
            }
            types["mat4"] = Element(scalar: .float, components: 16)
            return types
        }()

        /// Its type as GLSL writes it: `float`, `ivec2`, `mat4`.
        public var typeName: String {
            if components == 16 { return "mat4" }
            if components == 1 { return scalar.rawValue }
            return (scalar == .float ? "" : String(scalar.rawValue.prefix(1))) + "vec\(components)"
        }

        /// Its alignment in std430: a scalar's 4 bytes, a vec2's 8, a vec3's and vec4's 16, a mat4's columns'.
        public var alignment: Int {
            switch components {
            case 1: 4
            case 2: 8
            default: 16
            }
        }

        /// The bytes from one array element to the next in std430: its size rounded up to its alignment.
        public var stride: Int {
            components == 16 ? 64 : max(alignment, 4 * components).roundedUp(to: alignment)
        }
    }

    /// The byte offset of each member, and of the last member's first element; nil for a member whose type is
    /// not a scalar or vector (a struct), which the workbench cannot lay out.
    public static func offsets(of members: [Member]) -> [Int]? {
        var offset = 0
        var offsets: [Int] = []
        for member in members {
            guard let element = Element.byName[member.type] else { return nil }
            offset = offset.roundedUp(to: element.alignment)
            offsets.append(offset)
            let count = member.arrayLength ?? 1
            offset += member.arrayLength == nil ? 4 * element.components : element.stride * count
        }
        return offsets
    }

    /// The members declared in a block's body: `type name;` or `type name[N];` or `type name[];`.
    static func members(of body: [GLSLToken], in source: SourceText) throws(Diagnostic) -> [Member] {
        var members: [Member] = []
        var current: [GLSLToken] = []
        for token in body {
            guard token.text == ";" else { current.append(token); continue }
            let words = current.filter { !["highp", "mediump", "lowp", "readonly", "writeonly", "coherent", "volatile", "restrict"].contains($0.text) }
            current = []
            guard words.count >= 2 else { continue }
            var length: Int?
            if let open = words.firstIndex(where: { $0.text == "[" }) {
                let inside = words[(open + 1)...].prefix { $0.text != "]" }
                // A length past any buffer's limit stays past it without overflowing the layout's arithmetic.
                length = inside.isEmpty ? 0 : Int(inside.first!.text).map { min($0, Int(Int32.max)) } ?? 1
            }
            let name = words[1]
            members.append(Member(type: words[0].text, name: name.text, arrayLength: length, line: name.line, column: name.column))
        }
        if let misplaced = members.dropLast().first(where: \.isRuntimeArray) {
            throw source.error("only the last member of a buffer block may be an array of no stated length", line: misplaced.line,
                               column: misplaced.column, code: .computeBuffer)
        }
        return members
    }
}

fileprivate extension Int {
    func roundedUp(to multiple: Int) -> Int {
        (self + multiple - 1) / multiple * multiple
    }
}
