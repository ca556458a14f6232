import Foundation
import ShaderLanguage

/// A node asked for by name, as the graph view's add field (A) takes it: a filter of the library, put on the
/// image of the node shown as the library puts it, or a node of any kind by its word, then its file and any
/// other keys as `KEY=VALUE` (`lfo`, `image photo.png`, `average input=camera`, `add a=time b=0.5`,
/// `name=wobble` to choose its name). A shader without a file gets a new one beside the composition, to edit.
public struct GraphNodeRequest: Equatable, Sendable {
    /// The edit that adds the node to the composition.
    public var edit: GraphEdit
    /// The node's name.
    public var name: String
    /// A shader file to write before the edit: the new node's own, which nothing reads yet.
    public var newShader: NewShader?

    public struct NewShader: Equatable, Sendable {
        public var path: String
        public var text: String
    }

    /// Reads `text`; `filters` are the library's filters that take one image (name and the sampler it comes
    /// in by), `shown` the node a filter goes after, `composition` the composition's file and `names` its nodes.
    /// Throws what to tell the person when the text asks for nothing that can be added.
    public static func read(_ text: String, filters: [FilterInsertion.Filter], shown: String, names: [String],
                            composition: String, fileExists: (String) -> Bool = FileManager.default.fileExists(atPath:)) throws(Refusal) -> GraphNodeRequest {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let word = words.first else { throw Refusal("type a kind (lfo, image FILE, shader) or a filter of the library") }
        var file: String?
        var fields: [GraphEdit.Field] = []
        var chosenName: String?
        for part in words.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else {
                guard file == nil else { throw Refusal("'\(part)': one file only; other keys are written KEY=VALUE") }
                file = part
                continue
            }
            let key = String(part[..<equals]), value = String(part[part.index(after: equals)...])
            guard !key.isEmpty, !value.isEmpty else { throw Refusal("'\(part)': a key is written KEY=VALUE") }
            if key == "name" { chosenName = value } else { fields.append(GraphEdit.Field(key, value)) }
        }
        let name = chosenName ?? FilterInsertion.nodeName(for: word, among: names)
        if NodeKind.names.contains(word) {
            var request = GraphNodeRequest(edit: .add(name, kind: word, fields: []), name: name)
            if file == nil, ShaderNode.keywords.contains(word) {
                let path = newShaderPath(for: name, beside: composition, fileExists: fileExists)
                request.newShader = NewShader(path: path, text: starterShader(name: name))
                file = (path as NSString).lastPathComponent
            }
            request.edit = .add(name, kind: word, fields: (file.map { [GraphEdit.Field("file", $0)] } ?? []) + fields)
            return request
        }
        if let filter = filters.first(where: { $0.name == word }) {
            guard file == nil, fields.isEmpty else { throw Refusal("a filter takes no file or keys here: tune it in the panel (P) once added") }
            return GraphNodeRequest(edit: .addFilter(filter.name, imageInput: filter.imageInput, named: name, after: shown), name: name)
        }
        let hint = Spelling.closest(to: word, among: NodeKind.names + filters.map(\.name)).map { "; did you mean \($0)?" } ?? ""
        throw Refusal("'\(word)' is neither a kind of node nor a filter of the library\(hint)")
    }

    /// The kinds and filters whose name holds `word`, those that start with it first.
    public static func suggestions(for word: String, filters: [String]) -> [(name: String, isFilter: Bool)] {
        let all = NodeKind.names.map { ($0, false) } + filters.map { ($0, true) }
        let lowered = word.lowercased()
        let found = all.filter { lowered.isEmpty || $0.0.lowercased().contains(lowered) }
        return found.filter { $0.0.lowercased().hasPrefix(lowered) } + found.filter { !$0.0.lowercased().hasPrefix(lowered) }
    }

    /// `NAME.frag` beside the composition, or `NAME-2.frag`, … where that file exists.
    static func newShaderPath(for name: String, beside composition: String, fileExists: (String) -> Bool) -> String {
        let folder = (composition as NSString).deletingLastPathComponent
        var candidate = name, number = 2
        func path(_ stem: String) -> String { folder.isEmpty ? stem + ".frag" : folder + "/" + stem + ".frag" }
        while fileExists(path(candidate)) {
            candidate = "\(name)-\(number)"
            number += 1
        }
        return path(candidate)
    }

    /// A shader that draws at once and reads nothing, so it loads unwired: its coordinates as red and green.
    static func starterShader(name: String) -> String {
        """
        // \(name): a new shader. Save it and the window draws the change; wire images into it from the graph (N)
        // by declaring a sampler2D and dragging a node's output onto its port.
        varying highp vec2 textureCoordinate;

        void main() {
            gl_FragColor = vec4(textureCoordinate, 0.5, 1.0);
        }

        """
    }

    /// Why nothing can be added, said as it is.
    public struct Refusal: Error, Equatable {
        public var message: String

        init(_ message: String) {
            self.message = message
        }
    }
}
