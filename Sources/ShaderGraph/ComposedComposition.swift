import ShaderLanguage
import Yams

/// A composition's text composed as YAML, for edits that change only some of its bytes (a filter added,
/// tuned values saved): its top-level mapping, its `nodes`, and a reader that places each part in the text.
struct ComposedComposition {
    let reader: YAMLReader
    /// The top-level mapping as a YAML node, which places it in the text, and its entries.
    let root: Yams.Node
    let top: Yams.Node.Mapping
    let nodes: Yams.Node.Mapping
    /// The YAML node that holds `nodes`, which places the mapping (its style, its end) in the text.
    let nodesNode: Yams.Node
    /// Whether the text is JSON, whose keys and names an edit writes quoted.
    var isJSON: Bool { reader.source.path.lowercased().hasSuffix(".json") }

    /// `word` as the text writes a key or a name: quoted in JSON.
    func written(_ word: String) -> String {
        isJSON ? "\"\(word)\"" : word
    }

    /// `purpose` ends the messages about a text that cannot be edited, as in "to add a filter to".
    init(_ source: SourceText, purpose: String) throws(Diagnostic) {
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: source.text)
        } catch {
            throw source.error("the composition cannot be read \(purpose) it: \(error)", line: 1, column: 1, code: .notSaved)
        }
        guard let root, case .mapping(let top) = root, let nodesNode = top["nodes"], case .mapping(let nodes) = nodesNode else {
            throw source.error("the composition has no 'nodes' mapping \(purpose)", line: 1, column: 1, code: .notSaved)
        }
        reader = YAMLReader(source: source)
        self.root = root
        self.top = top
        self.nodes = nodes
        self.nodesNode = nodesNode
    }
}
