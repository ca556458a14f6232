import Foundation
import GPU
import OperatingSystem
import ShaderGraph

/// `render --values FILE`: every value node's result per frame, one JSON object per line, so results can
/// be checked and plotted: `{"frame":0,"node":"centroid","time":0,"value":[0.5,0.25,0.01]}`.
final class ValueLog {
    private let handle: FileHandle
    private let path: String
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private struct Record: Encodable {
        var frame: Int
        var time: Double
        var node: String
        var value: [Float]
    }

    init(path: String) throws {
        self.path = path
        try Directories.createParent(of: path)
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    deinit {
        try? handle.close()
    }

    /// The names of every node that makes a value, in the composition's order.
    static func valueNodes(of composition: Composition) -> [String] {
        composition.nodes.filter { if case .value = $0.output { true } else { false } }.map(\.name)
    }

    func record(frame: FrameTime, nodes: [String], from executor: GraphExecutor) throws {
        var lines = Data()
        for node in nodes {
            guard let value = executor.value(of: node) else { continue }
            lines += try encoder.encode(Record(frame: frame.index, time: frame.seconds, node: node, value: value))
            lines.append(0x0A)
        }
        try handle.write(contentsOf: lines)
    }
}
