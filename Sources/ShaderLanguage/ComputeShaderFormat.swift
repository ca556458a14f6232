import Foundation

/// ossia score's Compute Shader Format: an ISF-style JSON header (`"MODE": "COMPUTE_SHADER"`) declaring a
/// kernel's resources (images it loads or stores, textures it samples, controls) and its passes (each a work
/// group size and how its work groups are counted), over a GLSL body that uses them. The workbench writes each
/// pass as a desktop GLSL 4.50 kernel of its own, the declarations the header implies ahead of the body, and
/// runs it as any compute kernel: translated to GLSL ES 3.10, every line of the body the user's, every
/// declaration located at the header entry it comes from.
public struct ComputeShaderFormat: Sendable {
    /// One entry of RESOURCES (or INPUTS).
    public struct Resource: Sendable {
        public enum Kind: Sendable {
            /// A storage image, loaded and stored (`image2D`).
            case image(access: ComputeInterface.Access, format: String, width: ISFSizeExpression?, height: ISFSizeExpression?)
            /// A sampled texture (`sampler2D`).
            case texture
            /// A control: ISF's input types, a uniform the composition and the panel set.
            case control(ISFInput)
            /// A storage buffer (std430) of LAYOUT's members, the last of which may be an array of no stated
            /// length, SIZE elements long where the header says.
            case storage(access: ComputeInterface.Access, members: [(name: String, type: String)], size: Int?)
        }

        public var name: String
        public var kind: Kind
        /// Where its NAME is written.
        public var location: SourceLocation
    }

    /// How a pass counts its work groups (EXECUTION_MODEL).
    public enum ExecutionModel: Sendable, Equatable {
        /// Enough groups to cover the node's image, each invocation `stride` pixels apart on each axis.
        case image2D(stride: [Int])
        /// WORKGROUPS, as given.
        case manual([Int])
        /// One invocation for each `stride` elements of a storage buffer's last array (TARGET, else the first
        /// storage resource).
        case buffer1D(target: String?, stride: Int)
    }

    public struct Pass: Sendable {
        public var localSize: [Int]
        public var model: ExecutionModel
        public var location: SourceLocation
    }

    public var resources: [Resource]
    public var passes: [Pass]
    /// Where the body starts: the line the header's comment closes on, after the column of its `*/`.
    public var bodyLine: Int
    public var bodyColumn: Int
    public var source: SourceText

    /// Its controls as ISF inputs, whose kinds choose their controls in the panel (a menu for a long with VALUES,
    /// a colour, a point, a button for an event).
    public var controls: ISFHeader {
        var header = ISFHeader()
        header.inputs = resources.compactMap { if case .control(let input) = $0.kind { input } else { nil } }
        return header
    }

    /// The images the kernels write, in the order declared: the first is the node's image.
    public var writtenImages: [Resource] {
        resources.filter { if case .image(let access, _, _, _) = $0.kind { access.writes } else { false } }
    }

    /// The resources other nodes feed: images it only loads, and textures.
    public var imageInputs: [Resource] {
        resources.filter { resource in
            switch resource.kind {
            case .image(let access, _, _, _): !access.writes
            case .texture: true
            case .control, .storage: false
            }
        }
    }

    /// The header of `source` when it is a Compute Shader Format file (`"MODE": "COMPUTE_SHADER"`), read with
    /// every mistake located; nil for any other file.
    public static func read(_ source: SourceText) throws(Diagnostic) -> ComputeShaderFormat? {
        try ISFHeaderReader.readComputeShaderFormat(source)
    }

    /// Whether `source` opens with a header whose MODE is COMPUTE_SHADER, however right the rest of it is:
    /// its mistakes are then the Compute Shader Format reader's to say.
    public static func hasHeader(_ source: SourceText) -> Bool {
        guard let text = ISFHeaderText.first(in: source), text.text.uppercased().contains("COMPUTE_SHADER"),
              let object = try? JSONSerialization.jsonObject(with: Data(text.text.utf8)) as? [String: Any] else { return false }
        return (object["MODE"] as? String)?.uppercased() == "COMPUTE_SHADER"
    }

    /// Pass `index` as a desktop GLSL 4.50 kernel: its work group size, the built-ins (`TIME`, `TIMEDELTA`,
    /// `FRAMEINDEX`, `RENDERSIZE`, `PASSINDEX`) as the workbench's per-frame uniforms, `IMG_LOAD`, `IMG_STORE` and
    /// `IMG_SIZE`, every resource declared (images on bindings from 0 in order, controls with their DEFAULT,
    /// range and LABEL as parameter settings), then the body. Each generated line is located at the header entry
    /// it comes from, each body line at its own line.
    public func kernelSource(ofPass index: Int) -> SourceText {
        let pass = passes[index]
        let header = source.location(line: 1)
        var lines: [(text: String, origin: SourceLocation)] = [
            ("#version 450", header),
            ("#define PASSINDEX \(index)", pass.location),
            ("layout(local_size_x = \(pass.localSize[0]), local_size_y = \(pass.localSize[1]), local_size_z = \(pass.localSize[2])) in;", pass.location),
        ]
        for builtIn in Self.builtIns {
            lines.append(("uniform \(builtIn.type) \(builtIn.uniform);", header))
            lines.append(("#define \(builtIn.name) \(builtIn.uniform)", header))
        }
        lines += Self.macros.map { ($0, header) }
        var unit = 0, bufferBinding = 0
        for resource in resources {
            switch resource.kind {
            case .image(let access, let format, _, _):
                let qualifier = access == .readOnly ? "readonly " : access == .writeOnly ? "writeonly " : ""
                let prefix = format.hasSuffix("ui") ? "u" : format.hasSuffix("i") ? "i" : ""
                lines.append(("layout(binding = \(unit), \(format)) \(qualifier)uniform \(prefix)image2D \(resource.name);", resource.location))
                unit += 1
            case .texture:
                lines.append(("uniform sampler2D \(resource.name);", resource.location))
            case .control(let input):
                let settings = input.annotation.map { "   // " + Self.settings($0) } ?? ""
                lines.append(("uniform \(input.kind.glslType) \(resource.name);\(settings)", resource.location))
            case .storage(let access, let members, _):
                // The body reaches its members through its NAME; the block is named apart, as GLSL wants.
                let qualifier = access == .readOnly ? "readonly " : access == .writeOnly ? "writeonly " : ""
                let fields = members.map { member in
                    guard let bracket = member.type.firstIndex(of: "[") else { return "\(member.type) \(member.name);" }
                    return "\(member.type[..<bracket]) \(member.name)\(member.type[bracket...]);"
                }
                lines.append(("layout(std430, binding = \(bufferBinding)) \(qualifier)buffer \(Self.blockName(of: resource.name)) { \(fields.joined(separator: " ")) } \(resource.name);",
                              resource.location))
                bufferBinding += 1
            }
        }
        for number in bodyLine...max(bodyLine, source.lines.count) where number <= source.lines.count {
            // What follows the `*/` on its own line keeps its columns, blanked before it.
            let text = number == bodyLine ? String(repeating: " ", count: bodyColumn) + source.lines[number - 1].dropFirst(bodyColumn) : String(source.lines[number - 1])
            lines.append((text, source.location(line: number)))
        }
        return SourceText(path: source.path, expandedLines: lines.map(\.text), origins: lines.map(\.origin), includedFiles: source.includedFiles)
    }

    /// The GLSL block name of storage resource `name`, whose NAME is the block's instance.
    public static func blockName(of name: String) -> String { name + "_block" }

    /// The built-ins a CSF body may read, as the uniforms the workbench sets each frame.
    static let builtIns: [(name: String, type: String, uniform: String)] = [
        ("TIME", "float", "iTime"), ("TIMEDELTA", "float", "iTimeDelta"), ("FRAMEINDEX", "int", "iFrame"), ("RENDERSIZE", "vec2", "iResolution"),
    ]

    /// A control's DEFAULT, range and LABEL as the comment a kernel's parameter carries (`ParameterAnnotation`).
    static func settings(_ annotation: ParameterAnnotation) -> String {
        func numbers(_ values: [Float]) -> String {
            values.count == 1 ? "\(values[0])" : "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
        }
        var clauses: [String] = []
        if let value = annotation.defaultValue { clauses.append("default: \(numbers(value))") }
        if let minimum = annotation.minimum, let maximum = annotation.maximum { clauses.append("range: \(numbers(minimum))...\(numbers(maximum))") }
        if let label = annotation.label, !label.contains("\"") { clauses.append("label: \"\(label)\"") }
        return clauses.joined(separator: ", ")
    }

    static let macros = [
        "#define IMG_LOAD(image, position) imageLoad(image, position)",
        "#define IMG_STORE(image, position, value) imageStore(image, position, value)",
        "#define IMG_SIZE(image) imageSize(image)",
    ]
}
