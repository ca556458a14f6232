import Foundation
import OperatingSystem

/// The built-in filters: ordinary shader files in the `shaders` folder, which a node names with
/// `filter: NAME` instead of a path. They stay files so they can be opened, copied, edited and hot-reloaded.
public enum FilterLibrary {
    /// `SHADERBENCH_SHADERS` when set; else the `shaders` folder of the checkout or installation the
    /// executable runs from (the nearest ancestor folder holding one); else the installed location.
    public static var folder: String {
        if let configured = ProcessInfo.processInfo.environment["SHADERBENCH_SHADERS"], !configured.isEmpty {
            return configured
        }
        var directory = URL(fileURLWithPath: ProgramLocation.executableDirectory ?? "/")
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shaders")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("sepia.fsh").path) { return candidate.path }
            let share = directory.appendingPathComponent("share/shaderbench/shaders")
            if FileManager.default.fileExists(atPath: share.path) { return share.path }
            directory.deleteLastPathComponent()
        }
        return "/usr/local/share/shaderbench/shaders"
    }

    /// Every filter's name, sorted.
    public static func names(in folder: String = FilterLibrary.folder) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".fsh") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The filters that take one image, which the library panel and the graph's add field offer to put after a node.
    public static func oneImageFilters(in folder: String = FilterLibrary.folder) -> [CatalogueEntry] {
        names(in: folder).compactMap { name in
            guard let entry = try? CatalogueEntry.read(path: path(of: name, in: folder)), entry.interface.samplers.count == 1 else { return nil }
            return entry
        }
    }

    /// The file of the filter called `name`.
    public static func path(of name: String, in folder: String = FilterLibrary.folder) -> String {
        folder + "/" + name + ".fsh"
    }

    /// Where `shaderbench catalogue` keeps the filter's thumbnail (`docs/filters/NAME.png` beside the shaders
    /// folder): the filter on the catalogue's photo.
    public static func thumbnailPath(of name: String, in folder: String = FilterLibrary.folder) -> String {
        (folder as NSString).deletingLastPathComponent + "/docs/filters/" + name + ".png"
    }
}
