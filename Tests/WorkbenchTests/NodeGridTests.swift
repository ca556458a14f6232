import Foundation
import TestSupport
import Testing

/// The grid of every node (G) in the real window under Xvfb: tiles read back from the screen at the places
/// the trace gives for them, clicked with xdotool.
@Suite("The grid of every node", .serialized)
struct NodeGridTests {
    /// Three one-colour nodes, only one of which the output needs: the grid shows the other two as well.
    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          reds: { kind: shader, file: red.fsh }
          greens: { kind: shader, file: green.fsh }
          blues: { kind: shader, file: blue.fsh }
        output: blues
        """

    static let colours = ["reds": red, "greens": green, "blues": blue]

    /// A window on the composition with the grid open and every tile traced.
    func openGrid() throws -> LiveWindow {
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/red.fsh", LiveWindow.shader(red: 1, green: 0, blue: 0))
            try folder.write("compositions/green.fsh", LiveWindow.shader(red: 0, green: 1, blue: 0))
            try folder.write("compositions/blue.fsh", LiveWindow.shader(red: 0, green: 0, blue: 1))
        }
        #expect(try window.waitForCentre(blue), "stderr: \(window.app.error)")
        try window.pressAndWait("g")
        #expect(eventually { window.trace.gridTiles.count == 3 }, "the grid did not open: \(window.trace.gridTiles.keys)")
        return window
    }

    /// Each tile's middle, in screen pixels, with the colour its node makes.
    func tileCentres(_ window: LiveWindow) -> [(x: Int, y: Int, colour: (r: UInt8, g: UInt8, b: UInt8))] {
        window.trace.gridTiles.compactMap { node, tile in
            Self.colours[node].map { (Int(tile.x + tile.width / 2), Int(tile.y + tile.height / 2), $0) }
        }
    }

    @Test("G shows one tile per image node, each with that node's own image")
    func tiles() throws {
        let window = try openGrid()
        #expect(Set(window.trace.gridTiles.keys) == ["reds", "greens", "blues"])
        let centres = tileCentres(window)
        #expect(centres.count == 3)
        #expect(try window.waitFor(centres), "tiles \(window.trace.gridTiles)")
    }

    @Test("the heads-up display covers no tile: the first tile's top-left corner shows its image")
    func headsUpClearOfTiles() throws {
        let window = try openGrid()
        let reds = try #require(window.trace.gridTiles["reds"])
        // The trace gives the area the 16:9 image is fitted into, aspect kept, in its middle.
        let width = min(reds.width, reds.height * 16 / 9), height = width * 9 / 16
        let left = Int(reds.x + (reds.width - width) / 2), top = Int(reds.y + (reds.height - height) / 2)
        #expect(try window.waitFor([(left + 4, top + 4, red), (left + Int(width) - 5, top + 4, red)]), "tile \(reds)")
    }

    @Test("clicking a tile shows that node full size and closes the grid")
    func clickThrough() throws {
        let window = try openGrid()
        #expect(try window.waitFor(tileCentres(window)))
        let tiles = window.trace.gridTiles
        let reds = try #require(tiles["reds"]), greens = try #require(tiles["greens"])
        try window.pointer(["mousemove", "\(Int(reds.x + reds.width / 2))", "\(Int(reds.y + reds.height / 2))", "sleep", "0.2", "click", "1"])
        // 16:9 fills the window: red everywhere, the middle and where the green tile was alike.
        #expect(try window.waitFor([(640, 360, red), (Int(greens.x + greens.width / 2), Int(greens.y + greens.height / 2), red)]),
                "stderr: \(window.app.error)")
    }

    @Test("with the grid open and nothing changing, the window draws no frames")
    func idleWithGrid() throws {
        let window = try openGrid()
        #expect(try window.waitFor(tileCentres(window)))
        Thread.sleep(forTimeInterval: 0.5)
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)
    }
}
