import Foundation
import TestSupport

/// A temporary folder for the movies one test makes, removed with it.
final class ClipFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/movie-reader-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        "\(path)/\(name)"
    }

    /// Writes `clip` as `name` in the folder and returns its path.
    func write(_ clip: TestClip, as name: String) throws -> String {
        let path = file(name)
        try clip.write(to: path)
        return path
    }
}
