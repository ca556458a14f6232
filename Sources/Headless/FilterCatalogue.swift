import Foundation
import Images
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Documents the filter library: reads every `*.fsh` in a folder, draws a thumbnail of each on a photo and
/// writes a Markdown page with each filter's description and parameters. The same files give the same page
/// and thumbnails, byte for byte, so the generated files can be committed and checked.
public enum FilterCatalogue {
    /// The library's filters, sorted by name; every file that cannot be read is reported at once.
    static func entries(in folder: String) throws(RenderJob.Failure) -> [CatalogueEntry] {
        let folder = RelativePath.withoutTrailingSlash(folder)
        var entries: [CatalogueEntry] = []
        var problems: [Diagnostic] = []
        for name in FilterLibrary.names(in: folder) {
            do {
                entries.append(try CatalogueEntry.read(path: FilterLibrary.path(of: name, in: folder)))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw .diagnostics(problems) }
        guard !entries.isEmpty else { throw .diagnostics([.error("\(folder): no .fsh files found to document")]) }
        return entries
    }

    /// Writes the thumbnails, then the page; returns the filters documented.
    @discardableResult
    public static func run(_ request: CatalogueRequest, progress: ProgressReporter) throws(RenderJob.Failure) -> [CatalogueEntry] {
        let entries = try entries(in: request.shaders)
        let renderer = try FilterRenderer(photo: request.photo, size: request.size)
        // Every filter is tried, so all broken shaders are reported together; the page waits for them.
        var problems: [Diagnostic] = []
        for (index, entry) in entries.enumerated() {
            let path = request.thumbnail(of: entry.name)
            let image: RGBAImage
            do {
                image = try renderer.render(entry)
            } catch .diagnostics(let diagnostics) {
                problems += diagnostics
                continue
            }
            do {
                try Directories.createParent(of: path)
                try ImageFile.writePNG(image, to: path)
            } catch {
                throw .failed("\(error)")
            }
            progress.report(done: index + 1, total: entries.count, path: path)
        }
        guard problems.isEmpty else { throw .diagnostics(problems) }
        let page = CataloguePage(entries: entries, request: request).markdown
        do {
            try Directories.createParent(of: request.page)
            try page.write(toFile: request.page, atomically: true, encoding: .utf8)
        } catch let error as SystemError {
            throw .failed(error.description)
        } catch {
            throw .failed("\(request.page): cannot write the page (\(error.localizedDescription))")
        }
        return entries
    }
}
