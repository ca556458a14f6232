import Foundation

/// A fresh folder of real files for one test, removed with everything in it when the test lets go of it,
/// so tests never see each other's files.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.path + "/shaderbench-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` (which may hold folders) inside this folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` as `name`, making the folders it names, and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    public func read(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    /// Makes the folder `name` (and any above it) and returns its path.
    @discardableResult
    public func makeFolder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }

    /// The names directly inside, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public func isFolder(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: file(name), isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
