import Foundation
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// A library filter chosen in the library (L) runs on the image of the node shown, as a node of its own whose
/// parameters the panel offers; adding it writes that node into the composition's text after the node, and
/// the window reloads the file like any save.
extension LiveSession {
    /// `filter` after `node`, as node `name`; `viewedBefore` is what was shown before, to go back to.
    struct FilterPreview {
        var filter: String
        var node: String
        var name: String
        var viewedBefore: String?
    }

    /// Shows `filter` running on the image of the node shown (of the node it already runs on, when one runs).
    func preview(filter: String) {
        guard let loadedComposition else { return }
        let node = filterPreview?.node ?? shownNode
        let names = loadedComposition.nodes.map(\.name).filter { $0 != filterPreview?.name }
        let name = FilterInsertion.nodeName(for: filter, among: names)
        filterPreview = FilterPreview(filter: filter, node: node, name: name, viewedBefore: filterPreview?.viewedBefore ?? viewedNode)
        viewedNode = name
        trace?.record("filter-previewed", ["filter": .string(filter), "node": .string(node)])
        reload(reason: "preview")
    }

    /// Stops the preview and shows what was shown before it.
    func endPreview() {
        guard let preview = filterPreview else { return }
        filterPreview = nil
        viewedNode = preview.viewedBefore
        reload(reason: "preview")
    }

    /// `composition` with the filter previewed in it; a preview whose node went away ends.
    func previewed(_ composition: Composition) throws(DiagnosticsError) -> Composition {
        guard let preview = filterPreview else { return composition }
        guard composition.node(named: preview.node) != nil else {
            filterPreview = nil
            viewedNode = nil
            return composition
        }
        return try composition.previewing(filterAt: FilterLibrary.path(of: preview.filter), named: preview.name, after: preview.node)
    }

    /// Writes the previewed filter into the composition after its node, with the values tuned for it, rewiring
    /// what read that node; a shader opened on its own gets a composition beside it first, which the window then
    /// works on. Returns what to tell the person.
    func addPreviewedFilter() -> String {
        guard let preview = filterPreview, let loadedComposition,
              case .shader(let pass)? = loadedComposition.node(named: preview.name)?.kind,
              let imageInput = pass.interface.primaryImageInput else {
            return "choose a filter in the library (L) first"
        }
        let values = tuning.unsaved.compactMap { name, numbers in
            parameters.first { $0.reference.description == name && $0.reference.node == preview.name }.map { parameter in
                ParameterWriteBack.Value(node: preview.name, uniform: parameter.reference.uniform, type: parameter.type, numbers: numbers)
            }
        }
        let lone = FilePaths.isOpenedAlone(path)
        let target = lone ? Self.freeCompositionPath(beside: path) : path
        do {
            let original = lone ? try LoneShaderComposition.text(forShader: path, sources: .patterns) : try UserFile.readText(path: path).fileText
            var text = try FilterInsertion.insert(FilterInsertion.Filter(name: preview.filter, imageInput: imageInput.name),
                                                  named: preview.name, after: preview.node, into: SourceText(path: target, text: original))
            if !values.isEmpty { text = try ParameterWriteBack.write(values, into: SourceText(path: target, text: text)) }
            try AtomicFile.write(Array(text.utf8), to: target)
        } catch let error as DiagnosticsError {
            return report(error.diagnostics, what: preview.filter)
        } catch let error as Diagnostic {
            return report([error], what: preview.filter)
        } catch {
            StandardStreams.error(Diagnostic.error("\(preview.filter) not added to \(target): \(error)", code: .notSaved).rendered() + "\n")
            return "\(preview.filter) not added: \(error)"
        }
        filterPreview = nil
        // The new node is the output when the node it follows was; else it is shown in that node's place.
        viewedNode = preview.viewedBefore == nil ? nil : preview.name
        trace?.record("filter-added", ["filter": .string(preview.filter), "node": .string(preview.node), "path": .string(target)])
        StandardStreams.output("added \(preview.name) (\(preview.filter)) after \(preview.node) to \(target)\n")
        if lone {
            adopt(target)
            reload(reason: "add")
        }
        return "added \(preview.filter) after \(preview.node) to \(target)"
    }

    private func report(_ problems: [Diagnostic], what filter: String) -> String {
        for problem in problems { StandardStreams.error(problem.rendered() + "\n") }
        return "\(filter) not added: " + (problems.first?.message ?? "unknown reason")
    }
}
