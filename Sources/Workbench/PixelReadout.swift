import GPU
import Images
import Overlay
import ShaderGraph
import ShaderLanguage

/// The pixel readout (I): the shown node's value under the pointer, read from the node's own texture (exact for
/// float targets, not the scaled window), with the pixel in the node's coordinates and its texture coordinate.
/// A click pins a pixel, kept as a texture coordinate so every node's size maps it (the grid shows each node's
/// value there) and so it outlives reloads. Off, it reads nothing back and costs nothing.
final class PixelReadout {
    var isOn = false {
        didSet { if !isOn { hovered = nil } }
    }
    /// The pointer over the image, in framebuffer pixels.
    private var hovered: (x: Double, y: Double)?
    /// The pinned pixel's centre, in texture coordinates from the image's top-left.
    private(set) var pinned: (u: Double, v: Double)?
    private var wasPressed = false
    private let trace: TraceWriter?
    /// What was traced last, so the trace says what the readout shows without a line a frame.
    private var tracedReading: String?
    private var tracedPin: String?
    private var tracedWatches: [WatchPlace: String] = [:]
    private struct WatchPlace: Hashable {
        var watch: ShaderWatch
        var pinned: Bool
    }

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// A pointer event while the readout is on: it follows the pointer, and a press pins the pixel under it.
    /// True when the readout took the event.
    func pointer(x: Double, y: Double, pressed: Bool, image: PixelSize?, area: PixelRectangle) -> Bool {
        defer { wasPressed = pressed }
        guard isOn, let image, let point = Presenter.imagePoint(x: x, y: y, image: image, area: area) else {
            hovered = nil
            return false
        }
        hovered = (x, y)
        if pressed, !wasPressed {
            let pixel = Self.pixel(u: point.x / Double(image.width), v: point.y / Double(image.height), in: image)
            pinned = ((Double(pixel.x) + 0.5) / Double(image.width), (Double(pixel.y) + 0.5) / Double(image.height))
        }
        return true
    }

    /// Draws the readout beside the pointer and the pin's ring; reads the shown node's texture for both.
    /// Under each pixel's value, what the shader's `// watch:` expressions were there.
    func draw(_ session: LiveSession, watches: WindowWatches, in interface: InterfaceContext, layout: WindowLayout) {
        guard isOn, let executor = session.executor, let image = executor.image(of: session.shownNode) else { return }
        let area = layout.imageArea
        var lines: [(String, InterfaceColour)] = []
        if let hovered, let point = Presenter.imagePoint(x: hovered.x, y: hovered.y, image: image.size, area: area) {
            let pixel = Self.pixel(u: point.x / Double(image.size.width), v: point.y / Double(image.size.height), in: image.size)
            let rgba = image.readPixel(x: pixel.x, y: pixel.y)
            lines += Self.describe(session.shownNode, image: image, pixel: pixel, rgba: rgba, heading: "under the pointer")
            lines += watchLines(watches, at: pixel, pinned: false)
            traceReading("pixel-readout", node: session.shownNode, pixel: pixel, rgba: rgba, last: &tracedReading)
        }
        if let pinned {
            let pixel = Self.pixel(u: pinned.u, v: pinned.v, in: image.size)
            let rgba = image.readPixel(x: pixel.x, y: pixel.y)
            lines += Self.describe(session.shownNode, image: image, pixel: pixel, rgba: rgba, heading: "pinned")
            lines += watchLines(watches, at: pixel, pinned: true)
            traceReading("pixel-pinned", node: session.shownNode, pixel: pixel, rgba: rgba, last: &tracedPin)
            let centre = Presenter.windowPoint(x: pinned.u * Double(image.size.width), y: pinned.v * Double(image.size.height),
                                               image: image.size, area: area)
            let place = layout.units(x: centre.x, y: centre.y)
            interface.ring(x: place.x, y: place.y, radius: 6 * interface.scale, colour: InterfacePalette.amber, thickness: 2 * interface.scale)
        }
        if lines.isEmpty { lines = [("Pixel readout: point at the image; a click pins a pixel (I closes)", InterfacePalette.grey)] }
        let margin = 10 * interface.scale
        interface.textWindow("readout", x: margin, y: layout.height - margin - Float(lines.count + 1) * interface.lineHeight,
                             lines: lines.map { (text: $0.0, colour: $0.1) }, style: .overlay)
    }

    /// The watches at `pixel`, traced when what they say changes.
    private func watchLines(_ watches: WindowWatches, at pixel: (x: Int, y: Int), pinned: Bool) -> [(String, InterfaceColour)] {
        watches.readings(x: pixel.x, y: pixel.y).map { reading in
            // Keyed by the pixel too: a watch that does not compile says the same at every pixel.
            let traced = "\(pixel.x),\(pixel.y): \(reading.text)"
            let place = WatchPlace(watch: reading.watch, pinned: pinned)
            if tracedWatches[place] != traced {
                tracedWatches[place] = traced
                trace?.record("watch-reading", ["line": .integer(reading.watch.line), "x": .integer(pixel.x), "y": .integer(pixel.y),
                                                "text": .string(reading.text)])
            }
            return ("  " + reading.text, InterfacePalette.grey)
        }
    }

    /// `node`'s value at the pinned pixel, mapped through its own size; nil with no pin or no image.
    func pinnedValue(of node: String, in executor: GraphExecutor) -> (pixel: (x: Int, y: Int), rgba: [Float])? {
        guard let pinned, let image = executor.image(of: node) else { return nil }
        let pixel = Self.pixel(u: pinned.u, v: pinned.v, in: image.size)
        return (pixel, image.readPixel(x: pixel.x, y: pixel.y))
    }

    /// The pixel holding the texture coordinate (`u`, `v`) in an image of `size`.
    static func pixel(u: Double, v: Double, in size: PixelSize) -> (x: Int, y: Int) {
        (min(max(Int(u * Double(size.width)), 0), size.width - 1), min(max(Int(v * Double(size.height)), 0), size.height - 1))
    }

    /// The pixel's value as floats with four decimals and as 0–255.
    static func shown(_ rgba: [Float]) -> String {
        rgba.map { String(format4: $0) }.joined(separator: " ") + "  (" + rgba.map { String(EightBitLevel.of($0)) }.joined(separator: " ") + ")"
    }

    private static func describe(_ node: String, image: RenderTarget, pixel: (x: Int, y: Int), rgba: [Float],
                                 heading: String) -> [(String, InterfaceColour)] {
        let u = (Double(pixel.x) + 0.5) / Double(image.size.width), v = (Double(pixel.y) + 0.5) / Double(image.size.height)
        return [("\(node) \(heading): pixel \(pixel.x), \(pixel.y) of \(image.size.width)×\(image.size.height) · uv \(String(format4: Float(u))), \(String(format4: Float(v)))",
                 InterfacePalette.white),
                ("  rgba " + shown(rgba), InterfacePalette.amber)]
    }

    private func traceReading(_ event: String, node: String, pixel: (x: Int, y: Int), rgba: [Float], last: inout String?) {
        let key = "\(node) \(pixel.x) \(pixel.y) \(rgba)"
        guard key != last else { return }
        last = key
        trace?.record(event, ["node": .string(node), "x": .integer(pixel.x), "y": .integer(pixel.y), "rgba": .floats(rgba)])
    }
}
