import Foundation
import TestSupport
import Testing
@testable import Workbench

/// The window's keys come from one table: the help lists each, the guide's key table says the same keys in
/// the same order, and no key is answered by two entries at once.
@Suite("The window's command table")
struct WindowCommandTests {
    @Test("every key an entry answers is named in the help, in a key column or in a listed entry's words")
    func everyKeyListed() {
        let lines = WindowCommand.helpLines
        for command in WindowCommand.table {
            for key in command.keys {
                let named = lines.contains { line in
                    line.key.components(separatedBy: " / ").contains(key.label) || line.meaning.contains(" \(key.label) ") || line.meaning.hasPrefix(key.label + " ")
                        || line.meaning.contains("(\(key.label) ")
                }
                #expect(named, "\(key.label) (\(command.help)) is in no help line")
            }
        }
    }

    @Test("the guide's key table (docs/window.md) lists the help's keys, in its order")
    func guideTable() throws {
        let readme = try String(contentsOfFile: Repository.path("docs/window.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "| key | does |\n|---|---|\n"))
        let rows = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("|") }
        let keys = rows.map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        #expect(keys == WindowCommand.helpLines.map(\.key))
    }

    @Test("a key that two entries answer is narrowed by when each applies, and the narrower comes first")
    func sharedKeys() {
        let table = WindowCommand.table
        for (index, command) in table.enumerated() {
            for key in command.keys {
                let later = table[(index + 1)...].filter { $0.keys.contains(key) }
                // Only an entry that applies everywhere may stand last for a key.
                if !later.isEmpty { #expect(command.label == nil, "\(key.label): '\(command.help)' shadows '\(later[0].help)'") }
            }
        }
    }
}
