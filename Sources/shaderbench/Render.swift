import ArgumentParser
import Headless
import ShaderGraph

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames headless to PNG files.",
        discussion: "Frame k is drawn at time k/fps, so ranges rendered separately (--start) match a single render."
    )

    @OptionGroup var options: CompositionOptions

    @Option(name: .long, help: ArgumentHelp("Output path with a frame number, e.g. out/frame-%04d.png.", valueName: "PATTERN"))
    var out: String

    @Option(help: "Number of frames to render.")
    var frames: Int = 1

    @Option(help: "Frames per second: frame k is at time k/fps.")
    var fps: Double = 30

    @Option(help: ArgumentHelp("Render size, overriding the composition's.", valueName: "WxH"))
    var size: PixelSize?

    @Option(help: "Index of the first frame.")
    var start: Int = 0

    @Option(help: ArgumentHelp("Write every value node's result per frame to FILE as JSON lines (frame, time, node, value).", valueName: "FILE"))
    var values: String?

    func run() throws {
        let pattern: OutputPattern
        do {
            pattern = try OutputPattern(out)
        } catch {
            throw ValidationError(error.description)
        }
        let request = RenderRequest(composition: options.composition, input: options.liveInput, output: pattern,
                                    frames: frames, fps: fps, start: start, size: size, overrides: options.settings,
                                    valuesPath: values)
        do {
            let written = try RenderJob.run(request, progress: .automatic())
            if written.count == 1 {
                StandardStreams.output("wrote \(written[0])\n")
            } else if let first = written.first, let last = written.last {
                StandardStreams.output("wrote \(written.count) frames: \(first) … \(last)\n")
            }
        } catch {
            StandardStreams.error(error.description + "\n")
            if case .diagnostics = error { throw ExitCode(ExitCodes.diagnostics) }
            throw ExitCode(ExitCodes.failure)
        }
    }
}
