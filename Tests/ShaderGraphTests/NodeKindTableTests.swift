import Foundation
@testable import ShaderGraph
import ShaderLanguage
import Testing

/// A node kind is one model, in a file of its own under Sources/ShaderGraph/NodeKinds, listed once in
/// `NodeKind.models`: the loader reads every word `kind:` takes through that table.
@Suite("The table of node kinds")
struct NodeKindTableTests {
    static let kindsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ShaderGraph/NodeKinds").path

    static func fileName(of kind: any NodeKindModel.Type) -> String {
        "\(kind).swift"
    }

    @Test("every word a composition may give 'kind' reaches a kind that reads it", arguments: NodeKind.names)
    func everyWordIsRead(keyword: String) throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              picture: { kind: pattern }
              probe: { kind: \(keyword) }
            output: picture
            """)
        #expect(!diagnostics.contains { $0.code == .unknownNodeKind }, "\(diagnostics.positioned)")
        let kind = try #require(NodeKind.model(named: keyword))
        #expect(kind.keywords.contains(keyword))
    }

    @Test("no word names two kinds")
    func wordsAreUnique() {
        #expect(Set(NodeKind.names).count == NodeKind.names.count, "\(NodeKind.names)")
    }

    @Test("each kind in the table has its model in a file named for it under Sources/ShaderGraph/NodeKinds")
    func everyKindHasItsFile() {
        for kind in NodeKind.models {
            let path = "\(Self.kindsFolder)/\(Self.fileName(of: kind))"
            #expect(FileManager.default.fileExists(atPath: path), "\(kind) has no \(path)")
        }
    }

    /// A kind's own file is named for its model; the protocol and extensions (`ShaderNode+Checking`) are not kinds.
    @Test("each kind's file under Sources/ShaderGraph/NodeKinds is a kind in the table")
    func everyKindFileIsInTheTable() throws {
        let listed = Set(NodeKind.models.map(Self.fileName(of:)))
        let kindFiles = try FileManager.default.contentsOfDirectory(atPath: Self.kindsFolder)
            .filter { $0.hasSuffix("Node.swift") && !$0.contains("+") }
        #expect(!kindFiles.isEmpty)
        for file in kindFiles {
            #expect(listed.contains(file), "\(file) is not in NodeKind.models")
        }
    }
}
