import ShaderGraph
import ShaderLanguage

/// Reads the bytes as a ShaderToy page and imports it, every picture taken as present: a page either is
/// refused with located errors or gives a composition first among its files.
enum ShaderToyPageFuzzing {
    static func run(_ data: [UInt8]) {
        let source = SourceText(path: "/fuzz/page.json", text: String(decoding: data, as: UTF8.self))
        guard let page = try? ShaderToyPage.read(source),
              let imported = try? ShaderToyImport(page, compositionName: "page.yaml", folder: "/fuzz", exists: { _ in true }) else { return }
        precondition(imported.files.first?.name == "page.yaml", "the composition comes first")
        precondition(Set(imported.files.map(\.name)).count == imported.files.count, "each file is written once")
    }
}
