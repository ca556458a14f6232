import Foundation
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Edits made in the graph view: each written into the composition's file as the smallest text edit
/// (`GraphEdit`) and read back by the watcher, as a save from an editor is; undone and redone with the
/// tuned values, by writing the text back.
extension LiveSession {
    /// Makes `edit` in the composition's file; what to tell the person. A refused edit leaves the file as it was.
    @discardableResult
    func applyGraphEdit(_ edit: GraphEdit) -> String {
        makeGraphEdit(edit).message
    }

    /// Makes `edit`: whether it was written, and what to tell the person. `created` is a file written for it,
    /// which undoing it takes out.
    private func makeGraphEdit(_ edit: GraphEdit, created: ParameterHistory.CreatedFile? = nil) -> (written: Bool, message: String) {
        guard !FilePaths.isOpenedAlone(path) else {
            return (false, "a shader or model opened on its own has no composition to edit: Ctrl-S or A writes one beside it")
        }
        let before: SourceText, after: String
        do {
            before = try UserFile.readText(path: path)
            after = try edit.applied(to: before)
            try AtomicFile.write(Array(after.utf8), to: path)
        } catch let error as DiagnosticsError {
            return (false, refused(edit, error.diagnostics))
        } catch let error as Diagnostic {
            return (false, refused(edit, [error]))
        } catch {
            return (false, refused(edit, [.error("\(path): \(error)", code: .notSaved)]))
        }
        history.recordText(path: path, from: before.fileText, to: after, creating: created)
        switch edit {
        case .rename(let old, let new) where viewedNode == old: viewedNode = new
        case .delete(let node) where viewedNode == node: viewedNode = nil
        case .setOutput(let node) where viewedNode == node: viewedNode = nil
        default: break
        }
        trace?.record("graph-edited", ["edit": .string(edit.description), "path": .string(path)])
        StandardStreams.output("\(edit.description) in \(path)\n")
        return (true, edit.description)
    }

    /// Adds the node `text` asks for (`GraphNodeRequest`): a library filter after the node shown, or a node of a
    /// kind, a shader with a new file when it names none; the new node is shown. What to tell the person.
    func addNode(_ text: String, filters: [FilterInsertion.Filter]) -> String {
        guard let loadedComposition else { return "the composition has not loaded: fix it and save first" }
        let request: GraphNodeRequest
        do {
            request = try GraphNodeRequest.read(text, filters: filters, shown: shownNode, names: loadedComposition.nodes.map(\.name), composition: path)
        } catch {
            return error.message
        }
        if let shader = request.newShader {
            do {
                try AtomicFile.write(Array(shader.text.utf8), to: shader.path)
            } catch {
                return "not \(request.edit.description): \(shader.path): \(error)"
            }
        }
        let (written, message) = makeGraphEdit(request.edit, created: request.newShader.map { ParameterHistory.CreatedFile(path: $0.path, text: $0.text) })
        guard written else {
            if let shader = request.newShader { try? FileManager.default.removeItem(atPath: shader.path) }
            return message
        }
        viewedNode = request.name
        return message
    }

    private func refused(_ edit: GraphEdit, _ problems: [Diagnostic]) -> String {
        for problem in problems { StandardStreams.error(problem.rendered() + "\n") }
        let first = problems.first { $0.severity == .error } ?? problems.first
        trace?.record("graph-edit-refused", ["edit": .string(edit.description), "code": .string(first?.code?.description ?? ""),
                                             "message": .string(first?.message ?? "")])
        return "not \(edit.description): " + (first?.codedMessage ?? "refused")
    }

    /// An undone addition's starter file taken out, when it still holds what was written; a file edited since is
    /// the person's and stays.
    func takeOut(_ created: ParameterHistory.CreatedFile) {
        guard (try? UserFile.readText(path: created.path).fileText) == created.text else { return }
        try? FileManager.default.removeItem(atPath: created.path)
    }

    /// A redone addition's starter file written again, unless a file is there now.
    func putBack(_ created: ParameterHistory.CreatedFile) {
        guard !FileManager.default.fileExists(atPath: created.path) else { return }
        do {
            try AtomicFile.write(Array(created.text.utf8), to: created.path)
        } catch {
            StandardStreams.error(Diagnostic.error("\(created.path): \(error)", code: .notSaved).rendered() + "\n")
        }
    }

    /// Writes `text` into `file` for an undo or redo, when the file still says `expected`; a file changed
    /// since by something else is left alone, and said so.
    func writeBack(_ text: String, to file: String, expecting expected: String) {
        guard let current = try? UserFile.readText(path: file).fileText, current == expected else {
            StandardStreams.error(Diagnostic.warning("\(file) changed since the graph edit; it is not undone or redone", code: .notSaved).rendered() + "\n")
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: file)
        } catch {
            StandardStreams.error(Diagnostic.error("\(file): \(error)", code: .notSaved).rendered() + "\n")
        }
    }
}
