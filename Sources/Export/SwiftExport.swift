import ShaderGraph
import ShaderLanguage

/// A composition as one Swift file for an app that links ShaderbenchKit: a class named after it, with
/// the composition and its shaders embedded as string literals, a typed property per published parameter
/// (clamped to its range), a setter per input, and renders into the app's texture or framebuffer.
struct SwiftExport {
    let typeName: String
    let interface: ExportedInterface
    private let composition: Composition
    private let embedded: EmbeddedFiles
    private var members = IdentifierScope(reserved: ["init", "files", "graph", "render", "renderSize", "value", "movePointer",
                                                     "pointerPressed", "pointerReleased", "setKey", "compositionPath", "inputs"],
                                          separator: "")
    private var inputMembers: [String] = []
    /// `NODETime(at:duration:)` for each movie input, by node name.
    private var movieTimeMembers: [String: String] = [:]
    /// The property each published parameter is, in the interface's order.
    private(set) var parameterMembers: [String] = []

    init(_ plan: FramePlan, interface: ExportedInterface, name: String, embedded: EmbeddedFiles) {
        self.interface = interface
        composition = plan.composition
        self.embedded = embedded
        typeName = Identifier.standalone(Identifier.upperCamel(name, fallback: "Graph"), in: .swift, lead: "Graph")
        inputMembers = interface.inputs.map { members.claim("set" + Identifier.upperCamel($0.node, fallback: "Input")) }
        for input in interface.inputs where input.kind == "movie" {
            movieTimeMembers[input.node] = members.claim(Identifier.standalone(Identifier.lowerCamel("\(input.node) time", fallback: "movieTime"),
                                                                               in: .swift, lead: "value"))
        }
        // A parameter is called by its uniform's name unless two nodes publish the same name.
        let uniforms = interface.parameters.map(\.reference.uniform)
        parameterMembers = interface.parameters.map { parameter in
            let unique = uniforms.filter { $0 == parameter.reference.uniform }.count == 1
            let words = unique ? parameter.reference.uniform : "\(parameter.reference.node) \(parameter.reference.uniform)"
            return members.claim(Identifier.standalone(Identifier.lowerCamel(words, fallback: "parameter"), in: .swift, lead: "value"))
        }
    }

    var fileName: String { typeName + ".swift" }

    func source() -> String {
        var lines = [
            "// \(typeName): the composition \(CodeLiteral.comment(embedded.compositionPath)), exported by shaderbench.",
            "// Link the ShaderbenchKit library; render on a current OpenGL ES 3 context.",
            "",
            "import ShaderbenchKit",
            "",
            "/// The composition \(CodeLiteral.comment(embedded.compositionPath)), running in this app: its files are embedded below, so",
            "/// nothing is read from disk. Feed \(interface.inputs.isEmpty ? "nothing (it makes its own images)" : "each input"), set parameters, then render each frame into a",
            "/// texture or framebuffer of yours; at the render size the pixels are the workbench's own.",
            "public final class \(typeName) {",
            "    /// The composition and the shaders it uses, by path.",
            "    public static let files: [String: String] = [",
        ]
        for (path, text) in embedded.texts.sorted(by: { $0.key < $1.key }) {
            lines.append("        \(CodeLiteral.swift(path)):")
            lines.append("            \(CodeLiteral.swift(text)),")
        }
        if embedded.texts.isEmpty { lines.append("        :") }
        lines += [
            "    ]",
            "",
            "    private let graph: EmbeddedComposition",
            "",
            "    /// Loads the embedded composition; shaders compile on the first render, on the context current then.",
            "    public init() throws {",
            "        graph = try EmbeddedComposition(",
            "            path: \(CodeLiteral.swift(embedded.compositionPath)), files: Self.files,",
            "            inputs: [\(interface.inputs.map { CodeLiteral.swift($0.node) }.joined(separator: ", "))],",
            "            inputFiles: [\(embedded.inputFiles.sorted().map(CodeLiteral.swift).joined(separator: ", "))],",
            "            filterFolder: \(CodeLiteral.swift(embedded.filterFolder)))",
            "    }",
        ]
        for (input, member) in zip(interface.inputs, inputMembers) {
            let node = CodeLiteral.swift(input.node)
            lines += [
                "",
                "    /// Feeds '\(CodeLiteral.comment(input.node))' (\(input.kind) in the composition) from an RGBA texture of yours, row 0 the image's top.",
                "    public func \(member)(texture: UInt32, width: Int, height: Int) throws {",
                "        try graph.setInput(\(node), texture: texture, width: width, height: height)",
                "    }",
                "",
                "    /// Feeds '\(CodeLiteral.comment(input.node))' from RGBA8 pixels, rows from the top.",
                "    public func \(member)(pixels: [UInt8], width: Int, height: Int) throws {",
                "        try graph.setInput(\(node), pixels: pixels, width: width, height: height)",
                "    }",
            ]
        }
        for input in interface.inputs {
            guard let member = movieTimeMembers[input.node] else { continue }
            lines += [
                "",
                "    /// Which moment of '\(CodeLiteral.comment(input.node))' to feed for the frame at `seconds`, in the movie's seconds: its keyed",
                "    /// time, or its start and speed, looped or held at its end as the workbench plays it; `duration` is the",
                "    /// movie's length in seconds (nil when unknown).",
                "    public func \(member)(at seconds: Double, duration: Double?) -> Double {",
                "        graph.movieTime(of: \(CodeLiteral.swift(input.node)), at: seconds, duration: duration) ?? seconds",
                "    }",
            ]
        }
        for (parameter, member) in zip(interface.parameters, parameterMembers) {
            lines.append("")
            lines += property(parameter, named: member).map { "    " + $0 }
        }
        if !interface.parameters.isEmpty {
            lines += [
                "",
                "    private static func clamp(_ values: [Float], _ low: [Float]?, _ high: [Float]?) -> [Float] {",
                "        values.enumerated().map { index, value in",
                "            // NaN and the infinities stay as they are, for setParameter to refuse rather than clamp.",
                "            guard value.isFinite else { return value }",
                "            var value = value",
                "            if let low, !low.isEmpty { value = max(value, low[min(index, low.count - 1)]) }",
                "            if let high, !high.isEmpty { value = min(value, high[min(index, high.count - 1)]) }",
                "            return value",
                "        }",
                "    }",
            ]
        }
        lines += [
            "",
            "    /// The render size; nil follows the composition\(composition.size.map { " (\($0.width)x\($0.height))" } ?? " (its first input's size)").",
            "    public var renderSize: (width: Int, height: Int)? {",
            "        get { graph.renderSize }",
            "        set { graph.renderSize = newValue }",
            "    }",
            "",
            "    /// Renders the frame at `seconds` (frame number `frame`) into your RGBA texture of `width`x`height`.",
            "    public func render(seconds: Double, frame: Int, intoTexture texture: UInt32, width: Int, height: Int) throws {",
            "        try graph.render(seconds: seconds, frame: frame, intoTexture: texture, width: width, height: height)",
            "    }",
            "",
            "    /// Renders the frame at `seconds` into your framebuffer (0: the default one) of `width`x`height`.",
            "    public func render(seconds: Double, frame: Int, intoFramebuffer framebuffer: UInt32, width: Int, height: Int) throws {",
            "        try graph.render(seconds: seconds, frame: frame, intoFramebuffer: framebuffer, width: width, height: height)",
            "    }",
            "",
            "    /// A value node's numbers after the last frame: \(interface.values.isEmpty ? "this composition has none" : interface.values.map { "'\(CodeLiteral.comment($0))'" }.joined(separator: ", ")).",
            "    public func value(of node: String) -> [Float]? { graph.value(of: node) }",
            "",
            "    /// The pointer over the output (x, y from its top-left, 0 to 1), for mouse, pick and drag nodes.",
            "    public func movePointer(x: Float, y: Float, pressed: Bool) { graph.movePointer(x: x, y: y, pressed: pressed) }",
            "    public func pointerPressed(x: Float, y: Float) { graph.pointerPressed(x: x, y: y) }",
            "    public func pointerReleased(x: Float, y: Float) { graph.pointerReleased(x: x, y: y) }",
            "",
            "    /// Whether a key (`a`...`z`, `space`) is held, for key nodes.",
            "    public func setKey(_ key: String, held: Bool) { graph.setKey(key, held: held) }",
            "}",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// A typed property: Float, SIMD2/3/4<Float>, Bool or Int; arrays and matrices as [Float].
    private func property(_ parameter: PlannedParameter, named name: String) -> [String] {
        let key = CodeLiteral.swift(parameter.reference.description)
        let count = parameter.count
        var doc = "\(parameter.reference): \(parameter.type)\(parameter.arrayLength.map { "[\($0)]" } ?? "")"
        if let label = parameter.declaredLabel { doc += ", \"\(label)\"" }
        if let minimum = parameter.bounds.minimum, let maximum = parameter.bounds.maximum { doc += ", from \(prose(minimum)) to \(prose(maximum))" }
        doc = "/// " + CodeLiteral.comment(doc)
        let doc2 = parameter.startingValue == nil ? "/// Wired in the composition until it is set." : nil
        let current = "graph.parameter(\(key)) ?? [Float](repeating: 0, count: \(count))"
        let clamped: (String) -> String = { value in
            "Self.clamp(\(value), \(self.list(parameter.bounds.minimum)), \(self.list(parameter.bounds.maximum)))"
        }
        var body: [String]
        let isVector = parameter.arrayLength == nil && parameter.type.componentCount != nil
        switch (parameter.type, isVector) {
        case (.float, true):
            body = ["public var \(name): Float {",
                    "    get { (\(current))[0] }",
                    "    set { graph.setParameter(\(key), \(clamped("[newValue]"))) }", "}"]
        case (.vec2, true), (.vec3, true), (.vec4, true):
            let simd = "SIMD\(count)<Float>"
            body = ["public var \(name): \(simd) {",
                    "    get { \(simd)(\(current)) }",
                    "    set { graph.setParameter(\(key), \(clamped("(0..<\(count)).map { newValue[$0] }"))) }", "}"]
        case (.bool, true):
            body = ["public var \(name): Bool {",
                    "    get { (\(current))[0] != 0 }",
                    "    set { graph.setParameter(\(key), [newValue ? 1 : 0]) }", "}"]
        case (.int, true):
            body = ["public var \(name): Int {",
                    "    get { Int((\(current))[0].rounded()) }",
                    "    set { graph.setParameter(\(key), \(clamped("[Float(newValue)]"))) }", "}"]
        default:
            body = ["/// \(count) numbers, in GLSL's order (columns first for matrices).",
                    "public var \(name): [Float] {",
                    "    get { \(current) }",
                    "    set { graph.setParameter(\(key), \(clamped("Array((newValue + [Float](repeating: 0, count: \(count))).prefix(\(count)))"))) }", "}"]
        }
        return [doc] + (doc2.map { [$0] } ?? []) + body
    }

    /// A bound as a reader writes it: a number alone, several in parentheses.
    private func prose(_ values: [Float]) -> String {
        let numbers = values.map { "\($0)" }
        return numbers.count == 1 ? numbers[0] : "(" + numbers.joined(separator: ", ") + ")"
    }

    private func list(_ values: [Float]?) -> String {
        guard let values else { return "nil" }
        return "[" + values.map { value in value.isFinite ? "\(value)" : "0" }.joined(separator: ", ") + "]"
    }
}
