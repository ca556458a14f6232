import ShaderLanguage

/// Turns a ShaderToy page into a composition and its files: one shader file per pass, the Common code in a
/// file every pass names, buffers A–D as float nodes, the Image pass as the output, and each channel's
/// filter, wrap and flip as the page sets them. The site draws Buffers A, B, C, D, then Image, so a buffer
/// that samples itself or a buffer drawn after it reads that buffer's previous frame (`previous:`). What
/// the workbench cannot give a channel is reported with what stands in for it.
public struct ShaderToyImport: Sendable {
    /// A file the import writes: text, or a copy of a picture or movie found beside the page.
    public enum File: Sendable, Equatable {
        case text(name: String, contents: String)
        case copy(name: String, from: String)

        public var name: String {
            switch self {
            case .text(let name, _), .copy(let name, _): name
            }
        }
    }

    /// The composition first, then the shaders and copied assets.
    public var files: [File]
    /// What differs from the site, each at the part of the page it is about.
    public var notes: [Diagnostic]

    /// The site's fixed output ids of Buffers A–D, as its exports name them.
    static let bufferIDs = ["4dXGR8": 0, "XsXGR8": 1, "4sXGR8": 2, "XdfGR8": 3, "257": 0, "258": 1, "259": 2, "260": 3]
    static let bufferNodes = ["buffer-a", "buffer-b", "buffer-c", "buffer-d"]
    static let commonFile = "common.glsl"
    static let blankFile = "blank-channel.frag"
    static let mediaFolder = "media"

    /// A channel that reads nothing the workbench has: a blank image of the size the site gives that kind.
    struct Blank: Hashable {
        var node: String
        var width: Int
        var height: Int
    }

    /// `folder` is the page's folder, where pictures and movies it names are looked for by file name;
    /// `exists` says whether a file is there. `compositionName` is the composition file's name.
    public init(_ page: ShaderToyPage, compositionName: String, folder: String, exists: (String) -> Bool) throws(DiagnosticsError) {
        var notes: [Diagnostic] = []
        let common = page.passes.first { $0.kind == .common }
        var buffers: [Int: ShaderToyPage.Pass] = [:]
        var image: ShaderToyPage.Pass?
        for pass in page.passes {
            switch pass.kind {
            case .common: continue
            case .image: image = image ?? pass
            case .buffer:
                guard let letter = pass.outputID.flatMap({ Self.bufferIDs[$0] }) else {
                    throw DiagnosticsError([.error("'\(pass.name)' draws into output '\(pass.outputID ?? "none")', which is none of Buffers A–D", at: pass.location, code: .shaderToyPage)])
                }
                buffers[letter] = pass
            case .sound, .cubemap:
                notes.append(Diagnostic(.warning, "the \(pass.kind.rawValue) pass '\(pass.name)' is left out: the workbench draws images only, neither sound nor cube maps", at: pass.location, code: .shaderToyPage))
            }
        }
        guard let image else {
            throw DiagnosticsError([.error("the page has no Image pass, which is what the site shows", at: page.location, code: .shaderToyPage)])
        }
        var files: [File] = []
        var nodes: [String] = []
        var blanks: [Blank] = []
        var sources: [String: String] = [:]
        let drawn = buffers.keys.sorted().map { (Self.bufferNodes[$0], buffers[$0]!) } + [("image", image)]
        for (position, (node, pass)) in drawn.enumerated() {
            let file = "\(node).frag"
            files.append(.text(name: file, contents: pass.code.hasSuffix("\n") ? pass.code : pass.code + "\n"))
            let used = Set(GLSLTokenizer.tokens(of: SourceText(path: file, text: pass.code)).map(\.text))
            var inputs: [String] = []
            var samplings: [String] = []
            var previous: [String] = []
            for channel in 0..<4 where used.contains("iChannel\(channel)") {
                let input = pass.inputs.first { $0.channel == channel }
                let source = Self.source(for: input, channel: channel, pass: pass, buffers: buffers, folder: folder, exists: exists,
                                         blanks: &blanks, sources: &sources, files: &files, notes: &notes)
                inputs.append("iChannel\(channel): \(source)")
                // A buffer drawn after this pass has not drawn yet this frame; one reading itself is fed back anyway.
                if let index = drawn.firstIndex(where: { $0.0 == source }), index > position {
                    previous.append("iChannel\(channel)")
                }
                let sampling = input?.sampling ?? Self.defaultSampling(of: input?.kind ?? "buffer")
                // The site uploads pictures and movies bottom row first unless told otherwise; read as they come, they are upside down.
                let flip = !sampling.verticallyFlipped && (input?.kind == "texture" || input?.kind == "video") ? ", flip: true" : ""
                samplings.append("iChannel\(channel): { filter: \(sampling.filter.rawValue), wrap: \(sampling.wrap.rawValue)\(flip) }")
            }
            var fields = ["kind: shader", "file: \(file)"]
            if common != nil { fields.append("common: \(Self.commonFile)") }
            if node != "image" { fields.append("format: rgba32f") }
            if !inputs.isEmpty { fields.append("inputs: { \(inputs.joined(separator: ", ")) }") }
            if !samplings.isEmpty { fields.append("sampling: { \(samplings.joined(separator: ", ")) }") }
            if !previous.isEmpty { fields.append("previous: [\(previous.joined(separator: ", "))]") }
            nodes.append("  # \(Self.oneLine(pass.name))\n  \(node): { \(fields.joined(separator: ", ")) }")
        }
        for (node, definition) in sources.sorted(by: { $0.key < $1.key }) {
            nodes.append("  \(node): \(definition)")
        }
        for blank in blanks {
            nodes.append("  \(blank.node): { kind: shader, file: \(Self.blankFile), size: [\(blank.width), \(blank.height)] }")
        }
        if !blanks.isEmpty {
            files.append(.text(name: Self.blankFile, contents: DialectShaderFile.shaderToyBlankChannel.text))
        }
        if let common {
            files.insert(.text(name: Self.commonFile, contents: common.code.hasSuffix("\n") ? common.code : common.code + "\n"), at: 0)
        }
        let title = page.name.map { "# \(Self.oneLine($0)), imported from ShaderToy\n" } ?? "# Imported from ShaderToy\n"
        let composition = title + """
            # Buffers are float images of the output's size, transparent black before their first frame. As on
            # the site, a pass reads a buffer drawn before it (Buffers A, B, C, D, then Image) as this frame's
            # image, and itself or a buffer drawn after it as that buffer's previous frame ('previous').
            composition: 1
            size: [800, 450]           # any size: the buffers follow it, and render --size overrides it
            nodes:
            \(nodes.joined(separator: "\n"))
            output: image

            """
        files.insert(.text(name: compositionName, contents: composition), at: 0)
        self.files = files
        self.notes = notes
    }

    /// A name from the page as a one-line YAML comment.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The site's sampler when a page gives none (`HostSampling`): pictures mipmapped and repeated, the keyboard
    /// unfiltered, the rest linear and clamped; all the right way up.
    static func defaultSampling(of kind: String) -> ShaderToyPage.Sampling {
        let image: HostSampling.Image = switch kind {
        case "texture": .picture
        case "video": .movie
        case "webcam": .camera
        case "keyboard": .keyboard
        default: .pass
        }
        let site = HostSampling.sampling(of: image, in: .shaderToy)
        return .init(filter: site.filter ?? .linear, wrap: site.wrap ?? .clamp, verticallyFlipped: !site.isFlipped)
    }

    /// The node a pass's channel reads, adding the nodes and files it needs.
    private static func source(for input: ShaderToyPage.Input?, channel: Int, pass: ShaderToyPage.Pass, buffers: [Int: ShaderToyPage.Pass],
                               folder: String, exists: (String) -> Bool, blanks: inout [Blank], sources: inout [String: String],
                               files: inout [File], notes: inout [Diagnostic]) -> String {
        func blank(_ node: String, _ width: Int, _ height: Int) -> String {
            if !blanks.contains(where: { $0.node == node }) { blanks.append(Blank(node: node, width: width, height: height)) }
            return node
        }
        guard let input else {
            notes.append(Diagnostic(.warning, "\(pass.name) uses iChannel\(channel), which the page binds to nothing: it reads a blank 1×1 image", at: pass.location, code: .shaderToyPage))
            return blank("unbound", 1, 1)
        }
        let channelName = "\(pass.name) iChannel\(channel)"
        switch input.kind {
        case "buffer":
            guard let letter = bufferIDs[input.id], buffers[letter] != nil else {
                notes.append(Diagnostic(.warning, "\(channelName) reads output '\(input.id)', which no buffer pass of the page draws: it reads a blank 1×1 image", at: input.location, code: .shaderToyPage))
                return blank("unbound", 1, 1)
            }
            return bufferNodes[letter]
        case "texture", "video":
            let fileName = input.source.map { String($0.split(separator: "/").last ?? "") } ?? ""
            let path = FilePaths.join(folder, fileName)
            guard !fileName.isEmpty, exists(path) else {
                notes.append(Diagnostic(.warning, "\(channelName) shows \(input.source ?? "a \(input.kind)") from the site's library, which is not beside the page: the moving test pattern stands in (put \(fileName.isEmpty ? "the file" : fileName) beside the page and import again)", at: input.location, code: .shaderToyPage))
                sources["pattern"] = "{ kind: pattern }"
                return "pattern"
            }
            // In a folder of their own, so no name of the site's can take the place of a generated file.
            let copy = "\(mediaFolder)/\(fileName)"
            let node = "\(input.kind)-\(fileName.split(separator: ".").first ?? "")".lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" }
            if sources[node] == nil {
                sources[node] = input.kind == "texture" ? "{ kind: image, file: \(copy) }" : "{ kind: movie, file: \(copy), loop: true }"
            }
            if !files.contains(where: { $0.name == copy }) { files.append(.copy(name: copy, from: path)) }
            return node
        case "webcam":
            sources["camera"] = "{ kind: camera, device: auto }"
            return "camera"
        case "keyboard":
            sources["keyboard"] = "{ kind: keyboard }"
            return "keyboard"
        case "music", "musicstream", "mic":
            notes.append(Diagnostic(.warning, "\(channelName) is sound (\(input.kind)), which the workbench does not play into shaders: it reads a blank 512×2 image (silence)", at: input.location, code: .shaderToyPage))
            return blank("silence", 512, 2)
        default:
            notes.append(Diagnostic(.warning, "\(channelName) is a \(input.kind), which the workbench does not support (cube maps and volumes are not 2D images): it reads a blank 1×1 image, and a pass that samples it in 3D will not compile", at: input.location, code: .shaderToyPage))
            return blank("unbound", 1, 1)
        }
    }
}
