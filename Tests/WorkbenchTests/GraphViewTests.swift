import Foundation
import TestSupport
import Testing

/// The node graph (N) in the real window under Xvfb: boxes found where the trace says they are, their
/// thumbnails read back from the screen, clicked with xdotool.
@Suite("The node graph in the window", .serialized)
struct GraphViewTests {
    /// Three one-colour nodes and a value, only one of which the output needs: the graph shows them all.
    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          reds: { kind: shader, file: red.fsh }
          greens: { kind: shader, file: green.fsh }
          level: { kind: constant, value: 0.25 }
          blues: { kind: shader, file: blue.fsh, uniforms: { amount: level } }
        output: blues
        """

    static let colours = ["reds": red, "greens": green, "blues": blue]

    func openGraph(environment: [String: String] = [:]) throws -> LiveWindow {
        let window = try LiveWindow(composition: Self.composition, environment: environment) { folder in
            try folder.write("compositions/red.fsh", LiveWindow.shader(red: 1, green: 0, blue: 0))
            try folder.write("compositions/green.fsh", LiveWindow.shader(red: 0, green: 1, blue: 0))
            try folder.write("compositions/blue.fsh", """
                precision mediump float;
                uniform float amount;
                void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0) + vec4(amount * 0.0); }
                """)
        }
        #expect(try window.waitForCentre(blue), "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(eventually { window.trace.graphNodes.count == 4 }, "the graph did not open: \(window.trace.graphNodes.keys)")
        return window
    }

    /// Somewhere inside each image node's thumbnail, below its name and ports, in screen pixels, with its colour.
    func thumbnails(_ window: LiveWindow) -> [(x: Int, y: Int, colour: (r: UInt8, g: UInt8, b: UInt8))] {
        window.trace.graphNodes.compactMap { node, box in
            Self.colours[node].map { (Int(box.x + box.width / 2), Int(box.y + box.height - box.height * 0.3), $0) }
        }
    }

    @Test("N shows a box per node, each image node's box with its own live image, clear of the others")
    func boxes() throws {
        let window = try openGraph()
        let boxes = window.trace.graphNodes
        #expect(Set(boxes.keys) == ["reds", "greens", "level", "blues"])
        for (name, box) in boxes {
            for (other, second) in boxes where other > name {
                let apart = box.x + box.width <= second.x || second.x + second.width <= box.x
                    || box.y + box.height <= second.y || second.y + second.height <= box.y
                #expect(apart, "\(name) overlaps \(other)")
            }
        }
        // The value feeds the output: its box is left of the output's.
        let level = try #require(boxes["level"]), blues = try #require(boxes["blues"])
        #expect(level.x + level.width < blues.x)
        #expect(try window.waitFor(thumbnails(window)), "thumbnails \(boxes)")
    }

    @Test("a click on a node shows it: closed again, the window shows that node's image")
    func clickShowsNode() throws {
        let window = try openGraph()
        let greens = try #require(window.trace.graphNodes["greens"])
        try window.pointer(["mousemove", "\(Int(greens.x + 20))", "\(Int(greens.y + 10))", "sleep", "0.2", "click", "1"])
        #expect(eventually { window.trace.events.contains { $0.name == "reload" && ($0.fields["reason"] as? String) == "view" } })
        Thread.sleep(forTimeInterval: 0.6)
        try window.pressAndWait("n")
        #expect(try window.waitForCentre(green), "stderr: \(window.app.error)")
    }

    @Test("a double-click on a node opens its file in $EDITOR")
    func doubleClickOpensFile() throws {
        let window = try openGraph(environment: ["EDITOR": "$FOLDER/editor.sh"])
        let script = window.folder.file("editor.sh")
        try "#!/bin/sh\necho \"$1\" > \"$(dirname \"$0\")/opened.txt\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let reds = try #require(window.trace.graphNodes["reds"])
        try window.pointer(["mousemove", "\(Int(reds.x + 20))", "\(Int(reds.y + 10))", "sleep", "0.2", "click", "--repeat", "2", "--delay", "80", "1"])
        let opened = window.folder.file("opened.txt")
        #expect(eventually { FileManager.default.fileExists(atPath: opened) }, "stderr: \(window.app.error)")
        let path = try String(contentsOfFile: opened, encoding: .utf8)
        #expect(path.hasSuffix("compositions/red.fsh\n"), "\(path)")
    }

    @Test("a save from outside while the graph is open shows the new node")
    func externalSave() throws {
        let window = try openGraph()
        #expect(try window.waitFor(thumbnails(window)))
        let changed = Self.composition.replacingOccurrences(of: "output: blues", with: "  extra: { kind: shader, file: red.fsh }\noutput: blues")
        try changed.write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.trace.graphNodes["extra"] != nil }, "stderr: \(window.app.error)")
        let extra = try #require(window.trace.graphNodes["extra"])
        #expect(try window.waitFor([(Int(extra.x + extra.width / 2), Int(extra.y + extra.height * 0.7), red)]))
    }

    @Test("with the graph open and nothing changing, the window draws no frames")
    func idleWithGraph() throws {
        let window = try openGraph()
        #expect(try window.waitFor(thumbnails(window)))
        Thread.sleep(forTimeInterval: 0.5)
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)
    }
}
