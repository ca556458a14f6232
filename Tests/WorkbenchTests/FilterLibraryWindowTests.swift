import Foundation
import Images
import TestSupport
import Testing

/// The filter library (L) in the real window under Xvfb, driven from the keyboard: a search, Enter to run the
/// first match on the node shown, A to add it to the composition.
@Suite("The filter library in the window", .serialized)
struct FilterLibraryWindowTests {
    static let cyan: (r: UInt8, g: UInt8, b: UInt8) = (0, 255, 255)

    /// Opens the library with L and waits for its search field to have the keyboard (the frame after the panel
    /// appears), however slow frames are: a letter typed before then reaches the window as a command.
    func openLibrary(_ window: LiveWindow) throws {
        let focused = window.count(of: "library-search-focused")
        try window.pressAndWait("l")
        #expect(eventually { window.count(of: "library-search-focused") > focused }, "stderr: \(window.app.error)")
    }

    @Test("a filter chosen by search runs on the image shown, and A writes it into the composition, which check accepts and the window reloads")
    func chooseAndAdd() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        try openLibrary(window)
        // "vert" finds color-invert (and flip-vertical after it); its V would start a recording if the window took it.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "vert"])
        // Held a moment, as a person's finger holds it: the interface sees a key in a frame drawn while it is down.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "keydown", "Return", "sleep", "0.2",
                                        "keyup", "Return"])
        #expect(eventually { window.count(of: "filter-previewed") == 1 }, "stderr: \(window.app.error)")
        #expect(try window.waitForCentre(Self.cyan), "the inverted red square")
        #expect(!FileManager.default.fileExists(atPath: window.folder.file("shaderbench-recordings")), "the search's keys reached the window")
        // Open, previewing and idle, the window draws nothing.
        Thread.sleep(forTimeInterval: 0.5)
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)
        #expect(try String(contentsOfFile: window.compositionPath, encoding: .utf8) == LiveWindow.composition(shaderFolder: "."),
                "the preview wrote to the composition")

        let changes = window.count(of: "file-changed")
        try window.pressAndWait("a")
        #expect(eventually { window.count(of: "filter-added") == 1 }, "stderr: \(window.app.error)")
        let written = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(written == """
            composition: 1
            size: [64, 64]
            nodes:
              fill: { kind: shader, file: ./fill.fsh }
              color-invert: { kind: shader, filter: color-invert, inputs: { inputImageTexture: fill } }
            output: color-invert
            """)
        let check = try runShaderbench(["check", window.compositionPath], in: window.folder.path)
        #expect(check.status == 0, "\(check.error)")
        #expect(eventually { window.count(of: "file-changed") > changes }, "the window did not reload the composition")
        #expect(try window.waitForCentre(Self.cyan))
    }

    @Test("each filter in the list shows the catalogue's thumbnail of it, the right way up")
    func thumbnails() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        try openLibrary(window)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "sepia"])
        #expect(eventually { window.trace.libraryThumbnails["sepia"] != nil }, "stderr: \(window.app.error)")
        let place = try #require(window.trace.libraryThumbnails["sepia"])
        let catalogue = try ImageFile.read(path: Repository.path("docs/filters/sepia.png"))
        let screen = try window.display.screenshot()
        // The top and the bottom half each as the catalogue's: shown, and not upside down.
        for half in 0..<2 {
            var shown = [0.0, 0.0, 0.0], expected = [0.0, 0.0, 0.0]
            let rows = Int(place.height) / 2, columns = Int(place.width)
            for y in 2..<(rows - 2) {
                for x in 2..<(columns - 2) {
                    let pixel = screen[Int(place.x) + x, Int(place.y) + half * rows + y]
                    shown[0] += Double(pixel.r); shown[1] += Double(pixel.g); shown[2] += Double(pixel.b)
                    let source = catalogue[x * catalogue.width / columns, (half * rows + y) * catalogue.height / Int(place.height)]
                    expected[0] += Double(source.r); expected[1] += Double(source.g); expected[2] += Double(source.b)
                }
            }
            let count = Double((rows - 4) * (columns - 4))
            for channel in 0..<3 {
                #expect(abs(shown[channel] - expected[channel]) / count < 8, "half \(half), channel \(channel): \(shown[channel] / count) against \(expected[channel] / count)")
            }
        }
    }

    @Test("a click on a filter's thumbnail runs it and gives the keyboard back to the search: letters typed next search, and no shortcut runs")
    func clickKeepsKeyboard() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        try openLibrary(window)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "invert"])
        #expect(eventually { window.trace.libraryThumbnails["color-invert"] != nil }, "stderr: \(window.app.error)")
        let thumbnail = try #require(window.trace.libraryThumbnails["color-invert"])
        try window.pointer(["mousemove", "\(Int(thumbnail.x + thumbnail.width / 2))", "\(Int(thumbnail.y + thumbnail.height / 2))",
                            "sleep", "0.2", "click", "1"])
        #expect(eventually { window.count(of: "filter-previewed") == 1 }, "a click on the thumbnail did not run the filter")
        #expect(try window.waitForCentre(Self.cyan), "the inverted red square")
        Thread.sleep(forTimeInterval: 0.5)
        // Letters of window shortcuts go into the search: V would record, G open the grid.
        let typing = ["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60"]
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "--delay", "60"]
                                       + Array(repeating: "BackSpace", count: 6))
        _ = try window.display.xdotool(typing + ["vignette"])
        #expect(eventually { window.trace.libraryThumbnails["vignette"] != nil }, "the letters did not reach the search")
        // S would save a screenshot, P open the panel, A add the filter.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "--delay", "60"]
                                       + Array(repeating: "BackSpace", count: 8))
        _ = try window.display.xdotool(typing + ["sepia"])
        #expect(eventually { window.trace.libraryThumbnails["sepia"] != nil }, "the letters did not reach the search")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!FileManager.default.fileExists(atPath: window.folder.file("shaderbench-screenshots")), "S saved a screenshot")
        #expect(!FileManager.default.fileExists(atPath: window.folder.file("shaderbench-recordings")), "V started a recording")
        #expect(window.count(of: "filter-added") == 0, "A added the filter")
        #expect(window.count(of: "grid-tile") == 0, "G opened the grid")
        #expect(window.count(of: "panel-control") == 0, "P opened the panel")
        #expect(try String(contentsOfFile: window.compositionPath, encoding: .utf8) == LiveWindow.composition(shaderFolder: "."))
    }

    @Test("while the search has the keyboard, Tab shows the next node and gives the keyboard back to the search, and one Esc ends the library")
    func tabAndEscapeWhileSearching() throws {
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              first: { kind: shader, file: red.fsh }
              second: { kind: shader, file: green.fsh }
            output: first
            """) { folder in
            try folder.write("compositions/red.fsh", "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n")
            try folder.write("compositions/green.fsh", "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n")
        }
        #expect(try window.waitForCentre(red, timeout: 30), "stderr: \(window.app.error)")
        try openLibrary(window)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "sep"])
        Thread.sleep(forTimeInterval: 0.5)
        let focused = window.count(of: "library-search-focused")
        try window.pressAndWait("Tab")
        #expect(try window.waitForCentre((0, 255, 0)), "Tab did not show the next node")
        #expect(eventually { window.count(of: "library-search-focused") > focused }, "the search did not take the keyboard back")
        // Letters still go to the search: G would open the grid.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "g"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.count(of: "grid-tile") == 0, "G reached the window while the library was open")
        try window.pressAndWait("Escape")
        Thread.sleep(forTimeInterval: 0.5)
        // The library is gone after one Esc: G is the window's again.
        try window.pressAndWait("g")
        #expect(eventually { window.count(of: "grid-tile") > 0 }, "one Esc did not end the library")
    }

    @Test("a short Enter in the search is not lost while the composition draws two frames a second")
    func shortKeyPressAtLowFrameRate() throws {
        // Red, animated by its time, and slow to draw: each pixel sums many sines.
        let slow = """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                float sum = 0.0;
                for (int i = 0; i < 3000; i++) { sum += sin(fragCoord.x * 0.001 * float(i) + iTime); }
                fragColor = vec4(1.0, 0.0, 0.0, 1.0) + vec4(step(1e9, sum));
            }
            """
        let window = try LiveWindow(composition: """
            composition: 1
            size: [640, 360]
            nodes:
              slow: { kind: shader, file: slow.fsh }
            output: slow
            """) { folder in try folder.write("compositions/slow.fsh", slow) }
        #expect(try window.waitForCentre(red, timeout: 30), "stderr: \(window.app.error)")
        Thread.sleep(forTimeInterval: 2)
        let frames = window.trace.frames.suffix(4)
        let interval = (frames.last! - frames.first!) / Double(max(1, frames.count - 1))
        #expect(interval > 0.2, "the composition draws a frame every \(interval) s: too fast to test a short press")
        try openLibrary(window)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "vert"])
        Thread.sleep(forTimeInterval: 1)
        // Pressed and let go at once, between two frames.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "Return"])
        #expect(eventually(timeout: 15) { window.count(of: "filter-previewed") == 1 }, "Enter was lost; stderr: \(window.app.error)")
        #expect(!FileManager.default.fileExists(atPath: window.folder.file("shaderbench-recordings")), "the search's keys reached the window")
    }

    @Test("Down and Up move the selection through the matches, whose thumbnail is shown, and Enter runs the one selected")
    func arrowsSelect() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        try openLibrary(window)
        // "flip" matches flip-horizontal, then flip-vertical.
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "flip"])
        #expect(eventually { window.trace.libraryThumbnails["flip-horizontal"] != nil }, "stderr: \(window.app.error)")
        let keys = ["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "--delay", "150"]
        _ = try window.display.xdotool(keys + ["Down"])
        #expect(eventually { window.trace.libraryThumbnails["flip-vertical"] != nil }, "Down did not select the next match")
        _ = try window.display.xdotool(keys + ["Down", "Up", "Down", "Return"])
        #expect(eventually { textSoFar(of: window.tracePath).contains("\"event\":\"filter-previewed\",\"filter\":\"flip-vertical\"") },
                "stderr: \(window.app.error)")
    }
}
