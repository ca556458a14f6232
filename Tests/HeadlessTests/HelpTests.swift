import Foundation
import TestSupport
import Testing

/// `shaderbench --help` and each command's help against the guide: every command the help lists is in its
/// summary of commands (docs/commands.md), and every option a command's help lists is explained in the guide
/// (the README and docs/).
@Suite("Help and the guide")
struct HelpTests {
    static func help(_ arguments: [String]) throws -> String {
        let result = try runShaderbench(arguments, in: FileManager.default.temporaryDirectory.path)
        return result.output + result.error
    }

    static func commands() throws -> [String] {
        let text = try help(["--help"])
        guard let listing = text.range(of: "SUBCOMMANDS:") else { return [] }
        // The listing ends at the first empty line, before the note on `help <subcommand>`.
        let lines = text[listing.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }
        return lines.compactMap { line in
            // A command's line starts two spaces in; its wrapped description further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }
    }

    /// The README and every page of the guide in docs/, as one text.
    static func guide() throws -> String {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs")).filter { $0.hasSuffix(".md") }.sorted()
        return try (["README.md"] + pages.map { "docs/" + $0 }).map { try String(contentsOfFile: Repository.path($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test("every command the help lists is in the guide's summary of commands")
    func commandsInReadme() throws {
        let readme = try String(contentsOfFile: Repository.path("docs/commands.md"), encoding: .utf8)
        let commands = try Self.commands()
        #expect(commands.count >= 9 && commands.contains("gallery"), "\(commands)")
        for command in commands {
            #expect(readme.contains("shaderbench \(command) ") || readme.contains("shaderbench [\(command)]"),
                    "docs/commands.md does not show `shaderbench \(command)`")
        }
    }

    @Test("export's help says it takes a lone shader file as the other commands do, and it does")
    func exportTakesAShader() throws {
        let flat = try Self.help(["export", "--help"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("A composition (.yaml, .json) or a fragment shader (.fsh, .frag, .fs, .glsl)"), "\(flat)")
        let folder = try TemporaryFolder()
        try folder.write("tint.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.2, 0.4, 0.6, 1.0); }\n")
        let result = try runShaderbench(["export", "tint.fsh", "--c", "out"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/tint.c")), "\(result.output)")
    }

    @Test("the man page, generated from the help, lists every command and option the help does")
    func manPageCurrent() throws {
        let manual = try String(contentsOfFile: Repository.path("docs/man/shaderbench.1"), encoding: .utf8)
        let regenerate = "regenerate it: swift package --allow-writing-to-directory docs/man generate-manual --output-directory docs/man"
        for command in try Self.commands() {
            #expect(manual.contains(".It Em \(command)"), "docs/man/shaderbench.1 has no `\(command)`: \(regenerate)")
            let options = Set(try Self.help(["help", command]).matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output.dropFirst(2)) })
            for option in options.subtracting(["help", "version"]).sorted() {
                #expect(manual.contains("Fl -\(option)"), "docs/man/shaderbench.1 has no `\(command) --\(option)`: \(regenerate)")
            }
        }
    }

    @Test("every option of every command's help is explained in the guide")
    func optionsInReadme() throws {
        let readme = try Self.guide()
        for command in try Self.commands() {
            let options = Set(try Self.help(["help", command]).matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
            #expect(!options.isEmpty, "`shaderbench help \(command)` lists no options")
            for option in options.subtracting(["--help", "--version"]).sorted() {
                #expect(readme.contains(option + " ") || readme.contains(option + "`") || readme.contains(option + "]") || readme.contains(option + "="),
                        "`shaderbench \(command) \(option)` is not in the guide")
            }
        }
    }
}
