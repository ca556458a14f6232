import ShaderGraph
import ShaderLanguage

/// What the live sources say (cameras and movies, sound captured, sound played), as the heads-up display shows it
/// and as the terminal is told: each line once when it appears, and once a kind's lines clear, that it works
/// again, in words for that kind.
struct SourceNotices: Equatable {
    var pictures: [Diagnostic] = []
    var capture: [Diagnostic] = []
    var playback: [Diagnostic] = []

    /// Every warning, for the heads-up display.
    var all: [Diagnostic] { pictures + capture + playback }

    /// What the terminal is told as the notices go from `previous` to these.
    func terminalLines(after previous: SourceNotices) -> [String] {
        var lines = all.filter { !previous.all.contains($0) }.map(\.description)
        if pictures.isEmpty, !previous.pictures.isEmpty {
            // A stream's notices cleared say the stream is back; a camera's or a movie's, that pictures flow.
            let wasStream = previous.pictures.allSatisfy { $0.code == .streamNotReceived }
            lines.append(wasStream ? "stream: receiving" : "camera: streaming")
        }
        if capture.isEmpty, !previous.capture.isEmpty { lines.append("sound: capturing") }
        if playback.isEmpty, !previous.playback.isEmpty { lines.append("sound: playing") }
        return lines
    }
}
