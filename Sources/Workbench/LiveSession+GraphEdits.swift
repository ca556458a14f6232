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
        guard !FilePaths.isShaderFile(path) else {
            return "a shader opened on its own has no composition to edit: Ctrl-S or A writes one beside it"
        }
        let before: SourceText, after: String
        do {
            before = try UserFile.readText(path: path)
            after = try edit.applied(to: before)
            try AtomicFile.write(Array(after.utf8), to: path)
        } catch let error as DiagnosticsError {
            return refused(edit, error.diagnostics)
        } catch let error as Diagnostic {
            return refused(edit, [error])
        } catch {
            return refused(edit, [.error("\(path): \(error)", code: .notSaved)])
        }
        history.recordText(path: path, from: before.fileText, to: after)
        switch edit {
        case .rename(let old, let new) where viewedNode == old: viewedNode = new
        case .delete(let node) where viewedNode == node: viewedNode = nil
        case .setOutput(let node) where viewedNode == node: viewedNode = nil
        default: break
        }
        trace?.record("graph-edited", ["edit": .string(edit.description), "path": .string(path)])
        StandardStreams.output("\(edit.description) in \(path)\n")
        return edit.description
    }

    private func refused(_ edit: GraphEdit, _ problems: [Diagnostic]) -> String {
        for problem in problems { StandardStreams.error(problem.rendered() + "\n") }
        let first = problems.first { $0.severity == .error } ?? problems.first
        trace?.record("graph-edit-refused", ["edit": .string(edit.description), "code": .string(first?.code?.description ?? ""),
                                             "message": .string(first?.message ?? "")])
        return "not \(edit.description): " + (first?.codedMessage ?? "refused")
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
