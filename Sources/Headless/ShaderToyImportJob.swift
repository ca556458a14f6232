import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// `shaderbench import`: reads a ShaderToy page's JSON and writes the composition and files
/// `ShaderToyImport` makes of it into a folder, never over files already there.
public enum ShaderToyImportJob {
    public enum Failure: Error, CustomStringConvertible {
        /// Problems in the page, located in it.
        case diagnostics([Diagnostic])
        /// The file system failed, or the files would overwrite others (an output that cannot be written).
        case failed(String, code: DiagnosticCode? = nil)

        public var description: String {
            switch self {
            case .diagnostics(let diagnostics): diagnostics.map { $0.rendered() }.joined(separator: "\n")
            case .failed(let message, let code): "error: " + (code?.tagging(message) ?? message)
            }
        }
    }

    /// Pictures and movies copied from beside the page; the site's are a few megabytes at most.
    static let largestCopiedFile = 256 << 20

    /// Writes the import of the page at `pagePath` into `folder`; returns the composition's path and the
    /// notes on what differs from the site.
    public static func run(page pagePath: String, into folder: String) throws(Failure) -> (composition: String, notes: [Diagnostic]) {
        let imported: ShaderToyImport
        do {
            let source = try UserFile.readText(path: pagePath)
            let page = try ShaderToyPage.read(source)
            let name = (pagePath.split(separator: "/").last.map(String.init) ?? "page").split(separator: ".").first.map(String.init) ?? "page"
            imported = try ShaderToyImport(page, compositionName: name + ".yaml", folder: FilePaths.directory(of: pagePath), exists: UserFile.isRegularFile)
        } catch let error as Diagnostic {
            throw .diagnostics([error])
        } catch let error as DiagnosticsError {
            throw .diagnostics(error.diagnostics)
        } catch {
            throw .failed("\(error)")
        }
        let taken = imported.files.map { FilePaths.join(folder, $0.name) }.filter(UserFile.isRegularFile)
        guard taken.isEmpty else {
            throw .failed("\(taken.joined(separator: ", ")) already exist\(taken.count == 1 ? "s" : ""); import into another folder, or remove \(taken.count == 1 ? "it" : "them")",
                          code: .outputNotWritten)
        }
        do {
            try Directories.create(folder)
        } catch {
            throw .failed("\(folder): \(error.message)", code: .outputNotWritten)
        }
        for file in imported.files {
            let path = FilePaths.join(folder, file.name)
            do {
                try Directories.createParent(of: path)
                switch file {
                case .text(_, let contents):
                    try AtomicFile.write(Array(contents.utf8), to: path)
                case .copy(_, let from):
                    try AtomicFile.write(try FileContents.read(path: from, limit: largestCopiedFile), to: path)
                }
            } catch {
                throw .failed("cannot write \(path): \(error)", code: .outputNotWritten)
            }
        }
        return (FilePaths.join(folder, imported.files[0].name), imported.notes)
    }
}
