import GPU
import Overlay
import ShaderGraph

/// What is drawn over the image: errors, the heads-up display and the key help. Text sits on translucent
/// dark panels so it reads on any image; sizes follow the screen's content scale.
final class OverlayPanels {
    private let font: FontAtlas
    private let renderer: OverlayRenderer
    private let margin: Int

    static let keys: [(String, String)] = [
        ("Space", "pause or resume the clock"),
        ("Left / Right", "paused: step a frame back or on; playing: seek 5 s"),
        ("R", "reload everything"),
        ("S", "save a screenshot of the image shown"),
        ("V", "record the image shown to a movie; V again stops"),
        ("Tab", "show the next node (Shift-Tab: previous)"),
        ("F", "fullscreen on or off"),
        ("H", "this help"),
        ("Esc / Q", "quit"),
    ]

    private let panel = SIMD4<Float>(0.05, 0.05, 0.07, 0.82)
    private let white = SIMD4<Float>(0.95, 0.95, 0.95, 1)
    private let grey = SIMD4<Float>(0.7, 0.72, 0.75, 1)
    private let red = SIMD4<Float>(1, 0.42, 0.38, 1)
    private let amber = SIMD4<Float>(1, 0.78, 0.35, 1)
    private let recordRed = SIMD4<Float>(1, 0.16, 0.16, 1)

    init(scale: Float) throws(GPUError) {
        font = try FontAtlas(pixelHeight: Int((15 * scale).rounded()))
        renderer = try OverlayRenderer(font: font)
        margin = Int((10 * scale).rounded())
    }

    struct Status {
        var composition: String
        var node: String
        var framesPerSecond: Double
        var frameMilliseconds: Double
        var paused: Bool
        var compiling: Bool
        /// Movie frames decoded too late to be shown.
        var framesDropped: Int
        /// While recording: seconds recorded and frames the encoder dropped.
        var recording: (seconds: Double, dropped: Int)?
        /// Passing messages (a screenshot saved, a camera unplugged), one line each.
        var notices: [String]
    }

    func draw(status: Status, diagnostics: [Diagnostic], showHelp: Bool, viewport: PixelSize) {
        drawHeadsUp(status, viewport: viewport)
        if !diagnostics.isEmpty { drawErrors(diagnostics, viewport: viewport) }
        if showHelp { drawHelp(viewport: viewport) }
        renderer.flush(viewport: viewport)
    }

    private func drawHeadsUp(_ status: Status, viewport: PixelSize) {
        let textWidth = viewport.width - 4 * margin
        var lines = [(TextLayout.truncate(Self.summary(of: status), width: textWidth, font: font), grey)]
        if let recording = status.recording {
            let minutes = Int(recording.seconds) / 60, seconds = recording.seconds - Double(minutes * 60)
            let clock = "\(minutes):" + (seconds < 10 ? "0" : "") + String(format1: seconds)
            let dropped = recording.dropped > 0 ? "  ·  \(recording.dropped) frames dropped" : ""
            lines.append(("● REC \(clock)\(dropped)", recordRed))
        }
        lines += status.notices.map { (TextLayout.truncate($0, width: textWidth, font: font), amber) }
        let width = lines.map { font.width(of: $0.0) }.max() ?? 0
        renderer.fillRectangle(x: margin, y: margin, width: width + 2 * margin, height: lines.count * font.lineHeight + margin, colour: panel)
        for (index, line) in lines.enumerated() {
            renderer.drawText(line.0, x: 2 * margin, y: margin + margin / 2 + index * font.lineHeight, colour: line.1)
        }
    }

    /// The heads-up display's first line: how the window is drawing, what it shows, and what it is doing.
    static func summary(of status: Status) -> String {
        // A paused clock or an unchanging image draws nothing, so there is no rate to show then.
        let state = status.paused ? ["paused"]
            : status.framesPerSecond > 0
            ? [String(format1: status.framesPerSecond) + " fps", String(format1: status.frameMilliseconds) + " ms"]
            : ["idle"]
        var parts = state + [status.composition, "node: \(status.node)"]
        if status.compiling { parts.append("compiling…") }
        if status.framesDropped > 0 { parts.append("\(status.framesDropped) movie frames dropped") }
        return parts.joined(separator: "  ·  ")
    }

    /// Errors fill a panel along the bottom, newest edit's first error on top; what does not fit is counted.
    private func drawErrors(_ diagnostics: [Diagnostic], viewport: PixelSize) {
        let textWidth = viewport.width - 4 * margin
        let maximumLines = max(4, (viewport.height / 2) / font.lineHeight)
        var lines: [(String, SIMD4<Float>)] = []
        var shown = 0
        for diagnostic in diagnostics where diagnostic.severity == .error {
            var block: [(String, SIMD4<Float>)] = []
            let place = diagnostic.location.map { "\($0): " } ?? ""
            // Drivers can follow a message with pages of detail (Mesa lists every overload); the first line
            // says what is wrong, and the terminal has the rest.
            let messageLines = diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false)
            let headline = String(messageLines.first ?? "") + (messageLines.count > 1 ? " …" : "")
            block += TextLayout.wrap(place + headline, width: textWidth, font: font).enumerated().map { ($1, $0 == 0 ? red : white) }
            if let source = diagnostic.sourceLine {
                let quoted = "  " + source.replacingTabs()
                block.append((TextLayout.truncate(quoted, width: textWidth, font: font), grey))
                if let column = diagnostic.location?.column, column > 0 {
                    block.append((String(repeating: " ", count: 2 + source.displayWidth(ofFirst: column - 1)) + "^", red))
                }
            }
            // What follows from the error ("and 4 more errors that follow from it") is said under it.
            for note in diagnostic.notes where note.location == nil {
                block.append((TextLayout.truncate("  " + note.message, width: textWidth, font: font), grey))
            }
            guard lines.count + block.count <= maximumLines - 1 else { break }
            lines += block
            shown += 1
        }
        let errorCount = diagnostics.filter { $0.severity == .error }.count
        if shown < errorCount {
            lines.append(("+\(errorCount - shown) more error\(errorCount - shown == 1 ? "" : "s") (all are printed in the terminal)", amber))
        }
        let height = lines.count * font.lineHeight + 2 * margin
        let top = viewport.height - height - margin
        renderer.fillRectangle(x: margin, y: top, width: viewport.width - 2 * margin, height: height, colour: panel)
        for (index, line) in lines.enumerated() {
            renderer.drawText(line.0, x: 2 * margin, y: top + margin + index * font.lineHeight, colour: line.1)
        }
    }

    private func drawHelp(viewport: PixelSize) {
        let keyWidth = Self.keys.map { font.width(of: $0.0) }.max() ?? 0
        let lines = Self.keys.count + 2
        let width = keyWidth + 2 * margin + (Self.keys.map { font.width(of: $0.1) }.max() ?? 0) + 2 * margin
        let height = lines * font.lineHeight + 2 * margin
        let left = max(margin, (viewport.width - width) / 2)
        let top = max(margin, (viewport.height - height) / 2)
        renderer.fillRectangle(x: left, y: top, width: width, height: height, colour: panel)
        renderer.drawText("Keys", x: left + margin, y: top + margin, colour: amber)
        for (index, entry) in Self.keys.enumerated() {
            let y = top + margin + (index + 2) * font.lineHeight
            renderer.drawText(entry.0, x: left + margin, y: y, colour: white)
            renderer.drawText(entry.1, x: left + 2 * margin + keyWidth, y: y, colour: grey)
        }
    }
}

extension String {
    /// One decimal place, without Foundation's formatting.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
