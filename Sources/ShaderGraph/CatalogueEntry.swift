import ShaderLanguage


/// One filter of the library as the catalogue shows it: what its header comment says, the images it takes
/// and the parameters a composition can set.
public struct CatalogueEntry: Sendable {
    /// The file name without `.fsh`: the filter's name.
    public var name: String
    public var path: String
    public var source: SourceText
    public var interface: ShaderInterface
    /// The comment lines that open the file (after any `#version`), joined into one paragraph.
    public var description: String
    public var group: CatalogueGroup

    /// The uniforms a composition sets: every one but the image inputs and the texel size the workbench fills in.
    public var parameters: [ShaderInterface.Declaration] { interface.parameters }

    public static func read(path: String) throws(Diagnostic) -> CatalogueEntry {
        let source = try UserFile.readText(path: path)
        let interface = try ShaderInterface.read(source)
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let name = fileName.hasSuffix(".fsh") ? String(fileName.dropLast(".fsh".count)) : fileName
        return CatalogueEntry(name: name, path: path, source: source, interface: interface,
                              description: interface.isf?.description ?? headerComment(of: source), group: .of(filterNamed: name))
    }

    /// The `//` lines before the first line of code; blank lines and directives ahead of them are skipped.
    static func headerComment(of source: SourceText) -> String {
        var lines: [String] = []
        for rawLine in source.lines {
            let line = withoutBlanks(rawLine)
            if line.hasPrefix("//") {
                lines.append(withoutBlanks(line.dropFirst(2)))
            } else if !lines.isEmpty || !(line.isEmpty || line.hasPrefix("#version") || line.hasPrefix("#extension")) {
                break
            }
        }
        return lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func withoutBlanks(_ text: some StringProtocol) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

