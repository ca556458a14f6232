import Overlay

/// The line over the image's top-left corner: frame rate and time, the composition and the node shown, and
/// what is happening (paused, compiling, recording), with passing notices under it.
enum HeadsUpDisplay {
    struct Status {
        var composition: String
        var node: String
        var framesPerSecond: Double
        var frameMilliseconds: Double
        var paused: Bool
        var compiling: Bool
        /// Movie frames decoded too late to be shown.
        var framesDropped: Int
        /// While recording: seconds recorded, frames the encoder dropped, and whether it goes to a network
        /// stream (LIVE) rather than a movie file (REC).
        var recording: (seconds: Double, dropped: Int, isStream: Bool)?
        /// Passing messages (a screenshot saved, a camera unplugged), one line each.
        var notices: [String]
    }

    static func draw(_ status: Status, in interface: InterfaceContext, layout: WindowLayout) {
        let margin = 10 * interface.scale
        let textWidth = layout.imageAreaWidth - 4 * margin
        var lines = [(text: truncated(summary(of: status), to: textWidth, in: interface), colour: InterfacePalette.grey)]
        if let recording = status.recording { lines.append((recordingLine(recording), InterfacePalette.recording)) }
        lines += status.notices.map { (truncated($0, to: textWidth, in: interface), InterfacePalette.amber) }
        // Sized to this frame's lines: the rate and the clock change as they are drawn.
        interface.textWindow("heads-up", x: margin, y: margin, lines: lines, style: .overlay)
    }

    /// The first line: how the window is drawing, what it shows, and what it is doing.
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

    /// The red line while V records: REC for a movie file, LIVE for a network stream, the time so far, and the
    /// frames the encoder dropped.
    static func recordingLine(_ recording: (seconds: Double, dropped: Int, isStream: Bool)) -> String {
        let minutes = Int(recording.seconds) / 60, seconds = recording.seconds - Double(minutes * 60)
        let clock = "\(minutes):" + (seconds < 10 ? "0" : "") + String(format1: seconds)
        let dropped = recording.dropped > 0 ? "  ·  \(recording.dropped) frames dropped" : ""
        return "● \(recording.isStream ? "LIVE" : "REC") \(clock)\(dropped)"
    }

    /// `text` cut to fit `width`, ending in an ellipsis when cut.
    static func truncated(_ text: String, to width: Float, in interface: InterfaceContext) -> String {
        guard interface.width(of: text) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty, interface.width(of: String(characters) + "…") > width { characters.removeLast() }
        return String(characters) + "…"
    }
}
