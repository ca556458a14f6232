import ShaderLanguage
import Yams

/// What some of a shader node's keys may say depends on its shader, so they are read once its interface is known.
extension ShaderNode {
    /// The keys of a shader node read against its shader's interface: `mapping`, `sampling`, `previous`,
    /// `common`, `blur` and `cache`; false when the node cannot load.
    static func readSettings(of pass: inout ShaderPass, _ declaration: NodeDeclaration, in loading: CompositionLoading) -> Bool {
        let fields = declaration.fields
        let interface = pass.interface, path = pass.file
        if let mappingNode = fields["mapping"] {
            pass.mappings = readMappings(mappingNode, interface: interface, file: path, in: loading)
        }
        if let samplingNode = fields["sampling"] {
            pass.samplings = readSamplings(samplingNode, samplers: interface.samplers.map(\.name), file: path, in: loading)
        }
        if let previousNode = fields["previous"] {
            pass.previousFrameInputs = readPreviousFrameInputs(previousNode, interface: interface, file: path, in: loading)
        }
        if let commonNode = fields["common"] {
            guard interface.dialect == .shaderToy else {
                loading.report("'common' is a ShaderToy shader's Common code, and \(path) is not a ShaderToy shader", at: commonNode, code: .keyDoesNotApply)
                return false
            }
            guard let named = loading.existingFile(declaration, field: "common"),
                  let common = loading.attempt({ () throws(Diagnostic) in try loading.files.readText(path: named.path, reference: named.location) }) else { return false }
            pass.common = common
        }
        if let blurNode = fields["blur"] {
            guard let layout = readBlur(blurNode, interface: interface, file: path, in: loading) else { return false }
            pass.blurLayout = layout
        }
        if let cacheNode = fields["cache"], let cache = loading.attempt({ () throws(Diagnostic) in try loading.reader.flag(cacheNode, what: "'cache'") }) {
            pass.cache = cache
        }
        return true
    }

    /// A shader node's `format`: rgba8 unless it names another.
    static func readFormat(_ fields: Yams.Node.Mapping, in loading: CompositionLoading) -> PixelFormat {
        guard let formatNode = fields["format"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(formatNode, what: "'format'") }) else {
            return .rgba8
        }
        guard let parsed = PixelFormat(rawValue: text) else {
            loading.report("unknown format '\(text)'; expected one of: \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", "))", at: formatNode, code: .wrongValue)
            return .rgba8
        }
        return parsed
    }

    /// `mapping: { INPUT: fill | fit | stretch }`: how each named image input is laid onto the pass.
    private static func readMappings(_ node: Yams.Node, interface: ShaderInterface, file: String, in loading: CompositionLoading) -> [String: InputMapping] {
        guard let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'mapping'") }) else { return [:] }
        let names = InputMapping.allCases.map(\.rawValue).joined(separator: ", ")
        var mappings: [String: InputMapping] = [:]
        for (inputNode, value) in mapping {
            guard let input = inputNode.string else { continue }
            guard interface.samplers.contains(where: { $0.name == input }) else {
                loading.report("'mapping' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: interface.samplers.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")", at: inputNode, code: .noSuchUniform)
                continue
            }
            guard let text = value.string, let chosen = InputMapping(rawValue: text) else {
                loading.report("a mapping is one of: \(names)", at: value, code: .wrongValue)
                continue
            }
            mappings[input] = chosen
        }
        return mappings
    }

    /// `blur:` where the shader reads GPUImage's blurCoordinates, in a layout its count allows; nil (said why)
    /// otherwise.
    private static func readBlur(_ node: Yams.Node, interface: ShaderInterface, file: String, in loading: CompositionLoading) -> BlurLayout? {
        guard let layout = readBlurLayout(node, in: loading) else { return nil }
        guard let count = interface.blurCoordinateCount else {
            loading.report("'blur' places a blur's blurCoordinates, which \(file) does not read", at: node, code: .keyDoesNotApply)
            return nil
        }
        if layout.isCentredPairs && count % 2 == 0 {
            loading.report("GPUImage's box and Gaussian blurs put the centre first, then pairs either side: they need an odd number of blurCoordinates, and \(file) reads \(count)", at: node, code: .keyDoesNotApply)
            return nil
        }
        return layout
    }

    /// `previous: [INPUT, …]`: image inputs that read the image their node made the frame before.
    private static func readPreviousFrameInputs(_ node: Yams.Node, interface: ShaderInterface, file: String, in loading: CompositionLoading) -> [String: SourceLocation] {
        guard case .sequence(let items) = node else {
            loading.report("'previous' must be a list of image inputs, found \(loading.reader.describe(node))", at: node, code: .wrongValue)
            return [:]
        }
        var inputs: [String: SourceLocation] = [:]
        for item in items {
            guard let input = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(item, what: "an entry of 'previous'") }) else { continue }
            guard interface.samplers.contains(where: { $0.name == input }) else {
                loading.report("'previous' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: interface.samplers.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")", at: item, code: .noSuchUniform)
                continue
            }
            inputs[input] = loading.reader.location(of: item)
        }
        return inputs
    }

    /// `sampling: { INPUT: { filter: nearest|linear|mipmap, wrap: clamp|repeat|mirror, flip: BOOL } }`, every key optional.
    /// `sampling: { INPUT: { filter, wrap, flip } }` for the image inputs `samplers`; `keys` are those the node
    /// kind reads.
    static func readSamplings(_ node: Yams.Node, samplers: [String], file: String, keys: [String] = ["filter", "wrap", "flip"],
                              in loading: CompositionLoading) -> [String: InputSampling] {
        guard let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'sampling'") }) else { return [:] }
        var samplings: [String: InputSampling] = [:]
        for (inputNode, value) in mapping {
            guard let input = inputNode.string else { continue }
            guard samplers.contains(input) else {
                loading.report("'sampling' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: samplers).map { "; did you mean '\($0)'?" } ?? "")", at: inputNode, code: .noSuchUniform)
                continue
            }
            guard let fields = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(value, what: "an input's sampling") }) else { continue }
            loading.reader.checkKeys(fields, allowed: keys, in: "an input's sampling", into: &loading.diagnostics)
            var sampling = InputSampling()
            if let filterNode = fields["filter"] {
                sampling.filter = choice(filterNode, what: "a filter", in: loading)
            }
            if let wrapNode = fields["wrap"] {
                sampling.wrap = choice(wrapNode, what: "a wrap", in: loading)
            }
            if let flipNode = fields["flip"], keys.contains("flip") {
                if case .scalar(let scalar) = flipNode, let flipped = loading.reader.boolean(scalar) {
                    sampling.flip = flipped
                } else {
                    loading.report("'flip' is true or false, found \(loading.reader.describe(flipNode))", at: flipNode, code: .wrongValue)
                }
            }
            samplings[input] = sampling
        }
        return samplings
    }

    /// One of an enumeration's spellings, or a located error that lists them.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ node: Yams.Node, what: String, in loading: CompositionLoading) -> Choice? where Choice.RawValue == String {
        if let text = node.string, let chosen = Choice(rawValue: text) { return chosen }
        loading.report("\(what) is one of: \(Choice.allCases.map(\.rawValue).joined(separator: ", "))", at: node, code: .wrongValue)
        return nil
    }

    /// `blur: ordered`, `blur: box` or `blur: { gaussian: SIGMA }`.
    private static func readBlurLayout(_ node: Yams.Node, in loading: CompositionLoading) -> BlurLayout? {
        switch node.string {
        case "ordered": return .ordered
        case "box": return .box
        default: break
        }
        if let mapping = node.mapping, mapping.count == 1, let (key, value) = mapping.first, key.string == "gaussian" {
            if let sigma = value.scalar.flatMap(loading.reader.number), sigma > 0, sigma.isFinite { return .gaussian(sigma: sigma) }
            loading.report("a Gaussian blur's sigma (GPUImage's blurRadiusInPixels) is a number above 0", at: value, code: .wrongValue)
            return nil
        }
        loading.report("'blur' is \(BlurLayout.spellings)", at: node, code: .wrongValue)
        return nil
    }

}
