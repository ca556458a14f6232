import Foundation
import OperatingSystem

/// A model file read through assimp by `shaderbench-import`, the process beside the workbench's executable that
/// runs it (see its source for why a process of its own): every mesh with its node transforms applied, as one
/// mesh. The import is given `timeLimit` seconds and is stopped after; the last few files read are kept until they change.
public enum ModelImport {
    /// What a file held, beyond its vertices.
    public struct Model: Sendable, Equatable {
        public var mesh: MeshData
        public var primitive: DrawSettings.Primitive
        /// How many of the file's meshes it was made from.
        public var meshCount: Int
        /// The file had no normals, and smooth ones were made for it.
        public var generatedNormals: Bool
    }

    /// How long an import may take before it is stopped: `SHADERBENCH_IMPORT_SECONDS`, else 60.
    public static var timeLimit: Double {
        ProcessInfo.processInfo.environment["SHADERBENCH_IMPORT_SECONDS"].flatMap(Double.init).map { max($0, 0.1) } ?? 60
    }

    /// Where the importer is: beside the running executable, as `swift build` and an install put it.
    static var importer: String? {
        ProgramLocation.executableDirectory.map { $0 + "/shaderbench-import" }
    }

    /// The model in `path`; the reason it cannot be read otherwise, in words for "PATH: REASON".
    public static func read(_ path: String) -> Result<Model, ImportFailure> {
        let stamp = FileStamp(path: path)
        if let stamp, let kept = cache.withLock({ $0[path] }), kept.stamp == stamp { return .success(kept.model) }
        let result = run(path)
        if case .success(let model) = result, let stamp {
            cache.withLock { kept in
                // A few models are kept, not every one a long session opened: each may be tens of megabytes.
                if kept[path] == nil, kept.count >= keptModels, let other = kept.keys.first { kept[other] = nil }
                kept[path] = (stamp, model)
            }
        }
        return result
    }

    public struct ImportFailure: Error, Sendable {
        public var reason: String
    }

    private static let cache = Locked<[String: (stamp: FileStamp, model: Model)]>([:])
    private static let keptModels = 8

    /// A file's size and modification time, which say whether a model read before is still what it holds.
    private struct FileStamp: Equatable {
        var size: UInt64
        var modified: Date

        init?(path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let size = attributes[.size] as? UInt64, let modified = attributes[.modificationDate] as? Date else { return nil }
            self.size = size
            self.modified = modified
        }
    }

    private static func run(_ path: String) -> Result<Model, ImportFailure> {
        guard let importer, FileManager.default.isExecutableFile(atPath: importer) else {
            return .failure(ImportFailure(reason: "model files are read by shaderbench-import, which is not beside shaderbench "
                                          + "(swift build --product shaderbench-import; it needs Debian's libassimp5)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: importer)
        process.arguments = [path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(ImportFailure(reason: "shaderbench-import could not start: \(error.localizedDescription)"))
        }
        // Both pipes are drained as the importer writes, so a large model never blocks it on a full pipe.
        let bytes = Locked(Data()), message = Locked(Data())
        let drained = DispatchGroup()
        for (pipe, into) in [(output, bytes), (errors, message)] {
            drained.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                into.withLock { $0 = data }
                drained.leave()
            }
        }
        let limit = timeLimit
        if drained.wait(timeout: .now() + limit) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            drained.wait()
            return .failure(ImportFailure(reason: "assimp was still reading it after \(Self.seconds(limit)) s and was stopped "
                                          + "(a damaged file; SHADERBENCH_IMPORT_SECONDS sets the limit)"))
        }
        process.waitUntilExit()
        let said = String(decoding: message.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let why = signal == SIGKILL || signal == SIGSEGV && said.isEmpty ? "ran out of memory or crashed" : "crashed"
            return .failure(ImportFailure(reason: "assimp \(why) reading it (signal \(signal)), which a damaged file can make it do"
                                          + (said.isEmpty ? "" : ": " + said.split(separator: "\n").last.map(String.init)!)))
        }
        guard process.terminationStatus == 0 else {
            return .failure(ImportFailure(reason: said.isEmpty ? "shaderbench-import failed (exit \(process.terminationStatus))" : said))
        }
        return parse(bytes.withLock { $0 })
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The importer's output: "SBMESH01", vertex and index counts, the number of meshes and flags, then
    /// positions, normals, texture coordinates and colours (those the flags say), then the indices.
    static func parse(_ data: Data) -> Result<Model, ImportFailure> {
        let broken = ImportFailure(reason: "shaderbench-import wrote something that is not a mesh")
        guard data.count >= 24, data.prefix(8) == Data("SBMESH01".utf8) else { return .failure(broken) }
        func word(_ index: Int) -> UInt32 {
            data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self) }
        }
        let (vertices, indices, meshes, flags) = (Int(word(0)), Int(word(1)), Int(word(2)), word(3))
        let has = (normals: flags & 1 != 0, texcoords: flags & 4 != 0, colours: flags & 8 != 0)
        let floats = vertices * (3 + (has.normals ? 3 : 0) + (has.texcoords ? 2 : 0) + (has.colours ? 4 : 0))
        guard data.count == 24 + 4 * (floats + indices) else { return .failure(broken) }
        var offset = 24
        func take(_ count: Int) -> [Float] {
            defer { offset += 4 * count }
            return data.withUnsafeBytes { raw in (0..<count).map { raw.loadUnaligned(fromByteOffset: offset + 4 * $0, as: Float.self) } }
        }
        var mesh = MeshData(positions: take(3 * vertices), indices: [])
        if has.normals { mesh.normals = take(3 * vertices) }
        if has.texcoords { mesh.texcoords = take(2 * vertices) }
        if has.colours { mesh.colours = take(4 * vertices) }
        mesh.indices = data.withUnsafeBytes { raw in (0..<indices).map { raw.loadUnaligned(fromByteOffset: offset + 4 * $0, as: UInt32.self) } }
        guard mesh.indices.allSatisfy({ Int($0) < vertices }), mesh.positions.allSatisfy(\.isFinite) else {
            return .failure(ImportFailure(reason: "its vertices are not all finite numbers, or a face names a vertex it does not have"))
        }
        let primitive: DrawSettings.Primitive = flags & 16 != 0 ? .points : flags & 32 != 0 ? .lines : .triangles
        return .success(Model(mesh: mesh, primitive: primitive, meshCount: meshes, generatedNormals: flags & 2 != 0))
    }
}
