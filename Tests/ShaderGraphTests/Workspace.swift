import Foundation
@testable import ShaderGraph

/// A temporary folder of real files for one test: compositions, shaders and images written by the test.
final class Workspace {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/shaderbench-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// A GPUImage-style shader with one image input and the given extra uniform declarations.
    @discardableResult
    func shader(_ relative: String, uniforms: String = "") throws -> String {
        try write(relative, """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            \(uniforms)
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """)
    }

    /// Loads a composition written from `yaml`, returning its diagnostics (empty when it loads).
    func diagnostics(_ yaml: String, file: String = "c.yaml") throws -> [Diagnostic] {
        let path = try write(file, yaml)
        do {
            _ = try CompositionLoader.load(path: path)
            return []
        } catch {
            return error.diagnostics
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}

extension Array where Element == Diagnostic {
    /// `line:col message` for each, without the temporary folder, for exact comparisons.
    var positioned: [String] {
        map { diagnostic in
            let location = diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(location) \(diagnostic.message)"
        }
    }
}
