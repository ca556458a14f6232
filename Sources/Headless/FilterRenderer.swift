#if canImport(Glibc)
import Glibc
#endif
import GPU
import Images
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Renders library filters headless, one still each, as `shaderbench render NAME.fsh --input PHOTO` opens
/// them: the photo (scaled to the render size) on the first image input, the test pattern on a blend's
/// other inputs, `previousOutput` fed back; every parameter at its default unless overridden; frame 0 at
/// time 0. The catalogue's thumbnails and the library's golden tests are drawn by this.
public final class FilterRenderer {
    public let size: PixelSize
    /// The photo at the render size: exactly what each filter's first input samples.
    public let input: RGBAImage
    private let context: HeadlessContext
    /// A private folder holding `input` as a file, since image nodes are read from files.
    private let folder: String
    private var inputPath: String { folder + "/input.png" }

    public init(photo: String, size: PixelSize) throws(RenderJob.Failure) {
        self.size = size
        do {
            input = try ImageFile.read(path: photo).scaled(width: size.width, height: size.height)
        } catch {
            throw .failed(error.description)
        }
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/shaderbench-filters-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw .failed("cannot create a temporary folder: \(SystemError.reason(for: errno))")
        }
        folder = String(cString: created)
        do {
            context = try HeadlessContext()
        } catch {
            rmdir(folder)
            throw .failed("cannot start headless rendering: \(error.message)")
        }
        do {
            try ImageFile.writePNG(input, to: inputPath)
        } catch {
            throw .failed(error.description)
        }
    }

    deinit {
        unlink(inputPath)
        rmdir(folder)
    }

    /// `uniforms` sets parameters by name, numbers as a composition gives them; the rest keep their defaults.
    public func render(_ entry: CatalogueEntry, uniforms: [String: [Float]] = [:]) throws(RenderJob.Failure) -> RGBAImage {
        var composition: Composition
        do {
            // A filter without image inputs makes its own image; there is nothing for the photo to replace.
            let photo = entry.interface.primaryImageInput == nil ? nil : LiveInput.image(path: inputPath)
            composition = try CompositionOpener.open(path: entry.path, input: photo)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        if !uniforms.isEmpty, let index = composition.nodes.firstIndex(where: { $0.name == composition.output }),
           case .shader(var pass) = composition.nodes[index].kind {
            let start = entry.source.location(line: 1, column: 1)
            for (name, values) in uniforms { pass.uniforms[name] = .literal(values, location: start) }
            composition.nodes[index].kind = .shader(pass)
            let diagnostics = CompositionValidator.validate(composition)
            guard diagnostics.isEmpty else { throw .diagnostics(diagnostics) }
        }
        do {
            // A fresh executor and resources each time, so a feedback input starts from nothing.
            let executor = try GraphExecutor(composition: composition, renderSize: size)
            return try executor.renderFrame(FrameTime(index: 0, seconds: 0)).readPixels()
        } catch let error as DiagnosticsError {
            throw .diagnostics(error.diagnostics)
        } catch let error as GPUError {
            throw .failed("\(entry.path): \(error.message)")
        } catch {
            throw .failed("\(entry.path): \(error)")
        }
    }
}
