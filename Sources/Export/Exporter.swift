import Foundation
import ShaderGraph
import ShaderLanguage

/// `shaderbench export`: a composition as library code an app embeds, Swift (on ShaderbenchKit) or C
/// (self-contained, GLES only). Refuses clearly, at the node, what an export cannot carry.
public enum Exporter {
    public enum Language: String, Sendable {
        case swift, c
    }

    /// Writes the export of the composition at `path` into `directory` (made if missing) and returns the
    /// files written, with the composition's warnings (values clamped into their ranges, as exported).
    /// `name` names the type or prefix; the composition's file name by default.
    public static func export(composition path: String, as language: Language, into directory: String,
                              name: String? = nil) throws(DiagnosticsError) -> (files: [String], warnings: [Diagnostic]) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // A lone shader is the one-node composition the other commands open it as.
        let source: SourceText
        if FilePaths.isShaderFile(path) {
            source = SourceText(path: absolute + ".yaml", text: try LoneShaderComposition.text(forShader: absolute, sources: .appInputs))
        } else {
            do {
                source = SourceText(path: absolute, text: try UserFile.readText(path: absolute, displayPath: path).text)
            } catch {
                throw DiagnosticsError([error])
            }
        }
        let composition = try CompositionLoader.load(source: source)
        let stem = (absolute as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "graph"
        // The plan the executor runs is what both exports print or embed.
        let plan = try FramePlan(composition)
        let files: [(name: String, text: String)]
        switch language {
        case .c:
            let export = try CExport(plan, name: name ?? stem)
            let tables = try CTables(plan, interface: export.interface)
            let file = (path as NSString).lastPathComponent
            files = [(export.headerName, export.header(from: file)), (export.sourceName, export.source(tables: tables, from: file)),
                     (export.prefix + "-README.md", CReadme.text(for: export, from: file))]
        case .swift:
            // What cannot be exported is said before the files are gathered, which such a node may not let load.
            let interface = try ExportedInterface(plan)
            let embedded = try EmbeddedFiles(composition, compositionText: source.text)
            let export = SwiftExport(plan, interface: interface, name: name ?? stem, embedded: embedded)
            files = [(export.fileName, export.source()), (export.typeName + "-README.md", SwiftReadme.text(for: export))]
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let written = try files.map { file in
                let target = (directory as NSString).appendingPathComponent(file.name)
                try file.text.write(toFile: target, atomically: true, encoding: .utf8)
                return target
            }
            return (written, composition.warnings)
        } catch {
            throw DiagnosticsError([.error("\(directory): cannot write the export: \(error.localizedDescription)", code: .outputNotWritten)])
        }
    }
}
