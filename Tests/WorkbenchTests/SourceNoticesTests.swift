import ShaderGraph
import ShaderLanguage
import Testing
@testable import Workbench

/// What the terminal is told as live sources fail and recover.
@Suite("Source notices on the terminal")
struct SourceNoticesTests {
    @Test("a new line is a warning once, with its code; a line that stays is not said again")
    func saidOnce() {
        let first = SourceNotices(pictures: [.warning("clip.mp4: the file ends at 1.41 s, before its stated 2.00 s: it is truncated", code: .movieNotDecoded)])
        #expect(first.terminalLines(after: SourceNotices()) == ["warning: clip.mp4: the file ends at 1.41 s, before its stated 2.00 s: it is truncated [SB5101]"])
        #expect(first.terminalLines(after: first).isEmpty)
    }

    @Test("each kind says in its own words that it works again: a sound output coming back is not said to be capturing")
    func recoveryByKind() {
        let noOutput = SourceNotices(playback: [.warning("no sound output device (ALSA 'default': No such file or directory)", code: .soundNotHeard)])
        #expect(SourceNotices().terminalLines(after: noOutput) == ["sound: playing"])
        let noCapture = SourceNotices(capture: [.warning("no sound capture device (…); audio inputs hear silence", code: .soundNotHeard)])
        #expect(SourceNotices().terminalLines(after: noCapture) == ["sound: capturing"])
        let unplugged = SourceNotices(pictures: [.warning("Emulated Camera: unplugged; showing the last frame, reconnecting…", code: .cameraNotDelivering)])
        #expect(SourceNotices().terminalLines(after: unplugged) == ["camera: streaming"])
        let lost = SourceNotices(pictures: [.warning("udp://@:5000: the stream stopped (nothing arrived for 3 s); holding its last frame, connecting again",
                                                     code: .streamNotReceived)])
        #expect(SourceNotices().terminalLines(after: lost) == ["stream: receiving"])
    }
}
