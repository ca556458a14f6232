import Foundation
import TestSupport
import Testing

/// Tuned values are never lost without a word: the panel shows what was saved, quitting asks, and a window closed
/// another way says what it had not saved.
@Suite("Unsaved tuned values", .serialized)
struct UnsavedValuesTests {
    let panel = ParameterPanelTests()

    /// The panel test's composition with the tint wired to a value node, which the panel reads every frame.
    static let wiredComposition = """
        composition: 1
        size: [320, 180]
        nodes:
          white: { kind: constant, value: [1, 1, 1] }
          look: { kind: shader, file: look.fsh, uniforms: { level: 0.25, tint: white } }
        output: look
        publish: [look.level, look.tint]
        """

    @Test("after Ctrl-S the slider shows the saved value beside a wired parameter, and undoing past the save is unsaved again")
    func savedValueStaysShown() throws {
        let window = try panel.openWindow(composition: Self.wiredComposition)
        #expect(try window.waitFor([(ParameterPanelTests.image.x, ParameterPanelTests.image.y, panel.grey(64))]), "stderr: \(window.app.error)")
        let level = try panel.dragLevel(window)
        #expect(eventually { window.trace.unsavedCounts.last == 1 })
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.count(of: "parameters-saved") == 1 }, "stderr: \(window.app.error)")
        #expect(eventually { window.trace.unsavedCounts.last == 0 })
        // Frames that read the wired tint come after the save: the slider still shows what was saved.
        try window.pointer(["mousemove", "100", "100", "sleep", "0.2", "mousemove", "120", "110"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.trace.shownValues("look", "level").last.map { abs($0[0] - level) < 1e-4 } ?? false,
                "shown: \(window.trace.shownValues("look", "level")), saved \(level)")
        try window.pressAndWait("ctrl+z")
        #expect(try window.waitFor([(ParameterPanelTests.image.x, ParameterPanelTests.image.y, panel.grey(64))]))
        #expect(eventually { window.trace.unsavedCounts.last == 1 }, "unsaved: \(window.trace.unsavedCounts)")
    }

    @Test("Q with unsaved values asks: Esc goes back to the window, and D quits without writing them")
    func quitAsks() throws {
        let window = try panel.openWindow()
        _ = try panel.dragLevel(window)
        try window.pressAndWait("q")
        #expect(eventually { window.count(of: "quit-asked") == 1 }, "stderr: \(window.app.error)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.app.isRunning, "Q quit with a value unsaved")
        try window.press("Escape")
        #expect(eventually { textSoFar(of: window.tracePath).contains("\"answer\":\"cancel\"") })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.app.isRunning, "Esc in the question quit")
        try window.press("q")
        #expect(eventually { window.count(of: "quit-asked") == 2 })
        try window.press("d")
        #expect(window.app.waitForExit(timeout: 10), "D did not quit")
        #expect(window.trace.keys.suffix(4) == ["q", "escape", "q", "d"], "keys traced: \(window.trace.keys)")
        #expect(try String(contentsOfFile: window.compositionPath, encoding: .utf8) == ParameterPanelTests.composition)
        #expect(!window.app.error.contains("not saved"), "a discarded value was reported: \(window.app.error)")
    }

    @Test("Q then S saves the tuned values and quits")
    func quitSaves() throws {
        let window = try panel.openWindow()
        let level = try panel.dragLevel(window)
        try window.pressAndWait("q")
        #expect(eventually { window.count(of: "quit-asked") == 1 }, "stderr: \(window.app.error)")
        try window.press("s")
        #expect(window.app.waitForExit(timeout: 10), "S did not quit")
        #expect(window.app.status == 0)
        #expect(try String(contentsOfFile: window.compositionPath, encoding: .utf8)
            == ParameterPanelTests.composition.replacingOccurrences(of: "{ level: 0.25 }", with: "{ level: \(Float(level)) }"))
        #expect(!FileManager.default.fileExists(atPath: window.folder.file("shaderbench-screenshots")), "S also took a screenshot")
    }

    @Test("a window closed by a signal prints the values it had not saved, as options that give them back")
    func signalReportsUnsaved() throws {
        let window = try panel.openWindow()
        let level = try panel.dragLevel(window)
        kill(window.app.processIdentifier, SIGTERM)
        #expect(window.app.waitForExit(timeout: 10), "SIGTERM did not end the window")
        #expect(window.app.status == 0, "stderr: \(window.app.error)")
        #expect(window.app.error.contains("SIGTERM: closing the window"), "stderr: \(window.app.error)")
        #expect(window.app.error.contains("warning: 1 tuned value was not saved") && window.app.error.contains("--set look.level=\(Float(level)) [SB6201]\n"),
                "stderr: \(window.app.error)")
    }
}
