import Foundation
@testable import ShaderGraph
import ShaderLanguage
import TestSupport

/// A temporary folder of real files for one test, with the compositions and shaders tests of the model
/// write into it.
final class Workspace {
    private let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try folder.write(relative, text)
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        try folder.write(relative, bytes: bytes)
    }

    func path(_ relative: String) -> String { folder.file(relative) }

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

    /// Loads a composition written from `yaml`.
    func load(_ yaml: String, file: String = "c.yaml") throws -> Composition {
        try CompositionLoader.load(path: try write(file, yaml))
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
}

extension Array where Element == Diagnostic {
    /// `line:col message` for each, without the temporary folder, for exact comparisons.
    var positioned: [String] {
        map { diagnostic in
            let location = diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(location) \(diagnostic.message)"
        }
    }

    /// `line:col code` for each (`-` for none): which problem is where, however its message is worded.
    var coded: [String] {
        map { diagnostic in
            let location = diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(location) \(diagnostic.code?.description ?? "-")"
        }
    }
}
