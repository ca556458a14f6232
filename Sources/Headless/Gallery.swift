import Foundation
import GPU
import Images
import LiveSources
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// The gallery of example compositions (every `*.yaml` under a folder): each drawn by the workbench itself at one
/// frame beside a drawing of its graph, and a Markdown page with what its opening comment says of it. A camera shows the moving test pattern, as with no camera there,
/// so every machine draws the same pictures; the same compositions give the same page and pictures.
public enum Gallery {
    /// Writes the pictures, then the page; returns the compositions shown, by name.
    @discardableResult
    public static func run(_ request: GalleryRequest, progress: ProgressReporter) throws(RenderJob.Failure) -> [String] {
        let folder = RelativePath.withoutTrailingSlash(request.compositions)
        let names = compositionNames(in: folder)
        guard !names.isEmpty else { throw .failed("\(folder): no .yaml compositions to show") }
        let context = try HeadlessContext.forJob()
        defer { withExtendedLifetime(context) {} }
        var problems: [Diagnostic] = []
        var descriptions: [String: String] = [:]
        for (index, name) in names.enumerated() {
            let path = folder + "/" + name + ".yaml"
            do throws(DiagnosticsError) {
                let image = try picture(of: path, request: request)
                try? Directories.createParent(of: request.image(of: name))
                if !isKept(request.image(of: name), beside: image) {
                    do {
                        try ImageFile.writePNG(image, to: request.image(of: name))
                    } catch {
                        throw DiagnosticsError([.error("\(request.image(of: name)): \(error)", code: .outputNotWritten)])
                    }
                }
                try writeGraph(of: path, to: request.graph(of: name))
                descriptions[name] = openingComment(of: path)
            } catch {
                problems += error.diagnostics
            }
            progress.report(done: index + 1, total: names.count, path: request.image(of: name))
        }
        guard problems.isEmpty else { throw .diagnostics(problems) }
        let page = GalleryPage(names: names, descriptions: descriptions, request: request).markdown
        do {
            try Directories.createParent(of: request.page)
            try page.write(toFile: request.page, atomically: true, encoding: .utf8)
        } catch {
            throw .failed("\(request.page): cannot write the page (\(error))")
        }
        return names
    }

    /// Levels of 255 by which two machines' pictures of one composition may differ in any channel: Mesa's builds
    /// and CPUs round a few pixels apart.
    public static let tolerance = 2

    /// Whether the picture already at `path` stays: it shows `image` to within `tolerance`, so regenerating the
    /// gallery on another machine changes only the pictures whose compositions changed.
    static func isKept(_ path: String, beside image: RGBAImage) -> Bool {
        guard let existing = try? ImageFile.read(path: path) else { return false }
        return existing.largestDifference(from: image) <= tolerance
    }

    /// The `*.yaml` under `folder`, at any depth (an imported page keeps its files together), by their path from
    /// `folder` without the extension, sorted.
    static func compositionNames(in folder: String) -> [String] {
        let manager = FileManager.default
        var names: [String] = []
        // Folder by folder rather than with an enumerator, which would not follow a link to the folder.
        var pending = [""]
        while let relative = pending.popLast() {
            for entry in (try? manager.contentsOfDirectory(atPath: folder + "/" + relative)) ?? [] {
                let path = relative.isEmpty ? entry : relative + "/" + entry
                var isFolder: ObjCBool = false
                if entry.hasSuffix(".yaml") {
                    names.append(String(path.dropLast(".yaml".count)))
                } else if manager.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                    pending.append(path)
                }
            }
        }
        return names.sorted()
    }

    /// The request's frame of the composition at `path`, after the frames before it that it depends on (as a render's
    /// `--start` draws them), its camera replaced by the test pattern.
    static func picture(of path: String, request: GalleryRequest) throws(DiagnosticsError) -> RGBAImage {
        let loaded = try CompositionOpener.open(path: path)
        let camera = loaded.liveSource.flatMap(loaded.node(named:)).map { node in
            if case .camera = node.kind { true } else { false }
        } ?? false
        let composition = camera ? try CompositionOpener.open(path: path, input: .pattern) : loaded
        let executor = try GraphExecutor(composition: composition, renderSize: request.size,
                                         resources: GraphResources(sources: StandardFrameSources(busyCameraIsAnError: true)))
        executor.dateOrigin = .fixed(start: DateOrigin.renderStart)
        executor.frameInterval = 1.0 / 30
        // As a render does: each frame waits for its movie frame, so the picture never depends on how fast the
        // decoder ran.
        executor.cameraWait = RenderJob.cameraFrameWait
        var output: RenderTarget?
        do {
            for frame in Array(executor.plan.framesDrawnBefore(request.frame)) + [request.frame] {
                output = try executor.renderFrame(FrameTime(index: frame, fps: 30))
            }
        } catch {
            throw DiagnosticsError([.error("\(path): frame \(request.frame): \(error.message)")])
        }
        guard let output else { throw DiagnosticsError([.error("\(path): drew nothing")]) }
        return output.readPixels()
    }

    /// The composition's graph as `shaderbench graph` draws it, camera and all.
    static func writeGraph(of path: String, to file: String) throws(DiagnosticsError) {
        let svg = GraphSVG.text(of: GraphDrawing(try CompositionOpener.open(path: path)))
        do {
            try AtomicFile.write(Array(svg.utf8), to: file)
        } catch {
            throw DiagnosticsError([.error("\(file): \(error)", code: .outputNotWritten)])
        }
    }

    /// The composition's opening `#` comment lines, joined into one paragraph.
    static func openingComment(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("#") }
        return lines.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
