import Foundation

/// A fresh folder per test, removed with everything in it when the test lets go of it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = "\(FileManager.default.temporaryDirectory.path)/operating-system-tests-\(UInt64.random(in: .min ... .max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        "\(path)/\(name)"
    }

    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    func read(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func isDirectory(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: file(name), isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
