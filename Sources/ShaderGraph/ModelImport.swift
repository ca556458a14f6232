import Foundation
import OperatingSystem

/// A model file read through assimp by `shaderbench-import`, the process beside the workbench's executable that
/// runs it (see its source for why a process of its own): every mesh with its node transforms applied, as one
/// mesh. The import is given `timeLimit` seconds and is stopped after; the last few files read are kept until they change.
///
/// Commands wait for a model. The window does not (`readInBackground`): a model not read yet is imported on a
/// thread of its own while the window draws on, the load that asked for it is told it is still being read, and
/// the window loads again once it is in.
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

    /// The model in `path`; the reason it cannot be read otherwise, in words for "PATH: REASON". While reads go
    /// on in the background, a model not read yet is a failure that `isPending`, and its import is started.
    public static func read(_ path: String) -> Result<Model, ImportFailure> {
        let stamp = FileStamp(path: path)
        if let stamp, let kept = cache.withLock({ $0[path] }), kept.stamp == stamp { return .success(kept.model) }
        if let pending = startInBackground(path, stamp: stamp) { return .failure(pending) }
        let result = run(path)
        keep(result, of: path, stamp: stamp)
        return result
    }

    public struct ImportFailure: Error, Sendable {
        public var reason: String
        /// The model is being read in the background; the window loads again when it is in.
        public var isPending = false
    }

    /// From now on (or, given nil, no longer) a model not read yet is imported on a thread of its own, and
    /// `finished` is called on that thread when it is in or has failed: what the window does, so that it never
    /// waits for assimp.
    public static func readInBackground(_ finished: (@Sendable () -> Void)?) {
        background.withLock { $0 = finished.map { Background(finished: $0) } }
    }

    private struct Background {
        var finished: @Sendable () -> Void
        var reading: Set<String> = []
        /// Imports that failed, kept for the load that follows them, until the file changes.
        var failures: [String: (stamp: FileStamp?, failure: ImportFailure)] = [:]
    }

    private static let background = Locked<Background?>(nil)

    /// Nil when reads are not in the background; otherwise the failure the load is told (the import's own,
    /// once one for this version of the file has ended), after starting the import if none is under way.
    private static func startInBackground(_ path: String, stamp: FileStamp?) -> ImportFailure? {
        background.withLock { state -> ImportFailure? in
            guard var current = state else { return nil }
            defer { state = current }
            if let failed = current.failures[path], failed.stamp == stamp { return failed.failure }
            let size = stamp.map { " (\(ByteCountFormatter.string(fromByteCount: Int64($0.size), countStyle: .file)))" } ?? ""
            let pending = ImportFailure(reason: "being read in the background\(size); the picture follows once it is in", isPending: true)
            guard !current.reading.contains(path) else { return pending }
            current.reading.insert(path)
            let thread = Thread {
                // This thread parses what the importer wrote: it too gives way to the window's drawing (Linux keeps a
                // nice value per thread, and 0 names the calling one).
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                let result = run(path, yielding: true)
                keep(result, of: path, stamp: stamp)
                let finished = background.withLock { state -> (@Sendable () -> Void)? in
                    state?.reading.remove(path)
                    if case .failure(let failure) = result { state?.failures[path] = (stamp, failure) } else { state?.failures[path] = nil }
                    return state?.finished
                }
                finished?()
            }
            thread.name = "shaderbench-model"
            thread.start()
            return pending
        }
    }

    private static func keep(_ result: Result<Model, ImportFailure>, of path: String, stamp: FileStamp?) {
        guard case .success(let model) = result, let stamp else { return }
        cache.withLock { kept in
            // A few models are kept, not every one a long session opened: each may be tens of megabytes.
            if kept[path] == nil, kept.count >= keptModels, let other = kept.keys.first { kept[other] = nil }
            kept[path] = (stamp, model)
        }
    }

    private static let cache = Locked<[String: (stamp: FileStamp, model: Model)]>([:])
    private static let keptModels = 8

    /// A file's size and modification time, which say whether a model read before is still what it holds.
    private struct FileStamp: Equatable, Sendable {
        var size: UInt64
        var modified: Date

        init?(path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let size = attributes[.size] as? UInt64, let modified = attributes[.modificationDate] as? Date else { return nil }
            self.size = size
            self.modified = modified
        }
    }

    /// `yielding`: the importer runs at a lower priority than the workbench (nice 10), so that on a machine with
    /// few cores a window drawing in software keeps its frame rate while a model is read beside it.
    private static func run(_ path: String, yielding: Bool = false) -> Result<Model, ImportFailure> {
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
            if yielding { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.processIdentifier), 10) }
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
        func take<Element>(_ count: Int, as: Element.Type = Float.self) -> [Element] {
            defer { offset += 4 * count }
            return [Element](unsafeUninitializedCapacity: count) { buffer, initialised in
                data.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 4 * count]))
                }
                initialised = count
            }
        }
        var mesh = MeshData(positions: take(3 * vertices), indices: [])
        if has.normals { mesh.normals = take(3 * vertices) }
        if has.texcoords { mesh.texcoords = take(2 * vertices) }
        if has.colours { mesh.colours = take(4 * vertices) }
        mesh.indices = take(indices, as: UInt32.self)
        guard mesh.indices.allSatisfy({ Int($0) < vertices }), mesh.positions.allSatisfy(\.isFinite) else {
            return .failure(ImportFailure(reason: "its vertices are not all finite numbers, or a face names a vertex it does not have"))
        }
        let primitive: DrawSettings.Primitive = flags & 16 != 0 ? .points : flags & 32 != 0 ? .lines : .triangles
        return .success(Model(mesh: mesh, primitive: primitive, meshCount: meshes, generatedNormals: flags & 2 != 0))
    }
}
