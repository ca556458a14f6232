import ArgumentParser
import Foundation
import Headless
import OperatingSystem
import ShaderGraph
import ShaderLanguage

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a node's exact value at a pixel, and watched expressions of its shader there.",
        discussion: """
            --frame is drawn headless as render --start draws it (the frames before it first, where it depends on them), and the node's own image is read at the \
            pixel (x from the left, y from the top, in the node's pixels): floats as stored, exact for float targets. \
            Each --watch LINE:EXPR, and each '// watch: EXPR' comment in the node's shader, is read where that line \
            of the shader's file finishes, from a copy of the shader that records it (the file is not changed): its \
            value the last time the line ran for that pixel, its type, and how many times it ran. A watch whose \
            expression does not compile at its line is reported at the watch; the exit code is then 1. \
            --buffer NAME[START:COUNT] prints elements of a compute node's storage buffer instead, as the frame left \
            them, one line each with its index (NAME alone: the first 16; NAME[START]: one).
            """
    )

    @OptionGroup var options: CompositionOptions

    @Option(help: ArgumentHelp("The node to read; default: the composition's output.", valueName: "NODE"))
    var node: String?

    @Option(help: ArgumentHelp("The pixel, x from the left and y from the top of the node's image.", valueName: "X,Y"),
            transform: Inspect.pixel)
    var at: [Int]?

    @Option(help: ArgumentHelp("Elements of a compute node's storage buffer to print instead of a pixel, e.g. --buffer points[0:8].",
                               valueName: "NAME[START:COUNT]"),
            transform: Inspect.bufferElements)
    var buffer: BufferInspection.Elements?

    @Option(parsing: .unconditional, help: "The frame to read (0 or more); frames before it are drawn first.")
    var frame: Int = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second: frame k is at time k/fps; default: the composition's rate:, else 30.", valueName: "fps"))
    var fps: Double?

    @Option(help: ArgumentHelp("An expression to read after a line of the node's shader file (repeatable), e.g. --watch 12:uv.", valueName: "LINE:EXPR"),
            transform: Inspect.watch)
    var watch: [ShaderWatch] = []

    @Flag(help: "Print JSON, for scripts and editors.")
    var json = false

    func validate() throws {
        guard (at == nil) != (buffer == nil) else {
            throw ValidationError(at == nil ? "give --at X,Y (a pixel) or --buffer NAME[START:COUNT] (a compute node's buffer)"
                                             : "--at and --buffer read different things: give one")
        }
        guard frame >= 0 else { throw ValidationError("--frame must be 0 or more") }
        guard fps.map({ $0 > 0 }) ?? true else { throw ValidationError("--fps must be above 0") }
    }

    func run() throws {
        var request = InspectRequest(composition: options.composition, input: options.liveInput, overrides: options.settings,
                                     node: node, x: at?[0] ?? 0, y: at?[1] ?? 0, frame: frame, framesPerSecond: fps, watches: watch)
        request.precision = options.precision
        request.stages = options.stages
        if let buffer {
            let report = try Self.attempt { () throws(RenderJob.Failure) in try BufferInspection.run(request, elements: buffer) }
            for warning in report.warnings { StandardStreams.error(warning.rendered() + "\n") }
            StandardStreams.output(json ? BufferInspection.json(report) + "\n" : BufferInspection.lines(report))
            return
        }
        let report = try Self.attempt { () throws(RenderJob.Failure) in try InspectJob.run(request) }
        for warning in report.warnings { StandardStreams.error(warning.rendered() + "\n") }
        for problem in report.watches.compactMap(\.problem) { StandardStreams.error(problem.rendered() + "\n") }
        StandardStreams.output(json ? InspectReportText.json(report) + "\n" : InspectReportText.lines(report))
        if report.watches.contains(where: { $0.problem != nil }) { throw ExitCode(ExitCodes.diagnostics) }
    }

    /// The job's result, or its failure said and turned into the exit code.
    private static func attempt<Report>(_ job: () throws(RenderJob.Failure) -> Report) throws -> Report {
        do {
            return try job()
        } catch {
            // Found only once the composition is read, it is still shown as inspect's usage errors are.
            if case .usage(let message) = error {
                StandardStreams.error("Error: \(message)\nUsage: \(Shaderbench.usageString(for: Inspect.self))\n"
                                      + "  See 'shaderbench inspect --help' for more information.\n")
                throw ExitCode.validationFailure
            }
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }

    static func bufferElements(_ text: String) throws -> BufferInspection.Elements {
        guard let elements = BufferInspection.Elements(parsing: text) else {
            throw ValidationError("--buffer takes NAME, NAME[START] or NAME[START:COUNT], e.g. --buffer points[0:8]; found '\(text)'")
        }
        return elements
    }

    static func pixel(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x >= 0, y >= 0 else {
            throw ValidationError("--at takes X,Y, two whole numbers of 0 or more, e.g. --at 12,34; found '\(text)'")
        }
        return [x, y]
    }

    static func watch(_ text: String) throws -> ShaderWatch {
        guard let watch = ShaderWatch(parsing: text) else {
            throw ValidationError("--watch takes LINE:EXPR, a line of the shader's file and an expression, e.g. --watch 12:uv; found '\(text)'")
        }
        return watch
    }
}
