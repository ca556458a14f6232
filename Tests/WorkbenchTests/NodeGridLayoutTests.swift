import GPU
import ShaderGraph
import ShaderLanguage
import Testing
@testable import Workbench

/// Where the grid of every node puts its tiles.
@Suite("The grid's layout")
struct NodeGridLayoutTests {
    static let window = PixelRectangle(x: 0, y: 0, width: 1280, height: 720)
    static let wide = PixelSize(width: 1280, height: 720)

    @Test("three wide images take two columns, which shows them larger than one row of three")
    func columns() {
        let layout = NodeGridLayout(count: 3, imageSize: Self.wide, area: Self.window, labelHeight: 40, gap: 8)
        #expect(layout.tiles.map(\.cell.x) == [8, 644, 8])
        #expect(layout.tiles.map(\.cell.y) == [8, 8, 364])
    }

    @Test("tiles stay inside the area and apart, each image above its label")
    func apart() {
        let area = PixelRectangle(x: 0, y: 0, width: 940, height: 600)
        let layout = NodeGridLayout(count: 7, imageSize: PixelSize(width: 640, height: 480), area: area, labelHeight: 36, gap: 8)
        #expect(layout.tiles.count == 7)
        for (index, tile) in layout.tiles.enumerated() {
            #expect(tile.cell.x >= 0 && tile.cell.x + tile.cell.width <= area.width)
            #expect(tile.cell.y >= 0 && tile.cell.y + tile.cell.height <= area.height)
            #expect(tile.image.y + tile.image.height == tile.label.y && tile.label.height == 36)
            for other in layout.tiles[(index + 1)...] {
                let apart = tile.cell.x + tile.cell.width <= other.cell.x || other.cell.x + other.cell.width <= tile.cell.x
                    || tile.cell.y + tile.cell.height <= other.cell.y || other.cell.y + other.cell.height <= tile.cell.y
                #expect(apart)
            }
        }
    }

    @Test("a point picks the tile under it, and none between tiles")
    func picking() {
        let layout = NodeGridLayout(count: 3, imageSize: Self.wide, area: Self.window, labelHeight: 40, gap: 8)
        #expect(layout.tile(atX: 300, y: 200) == 0)
        #expect(layout.tile(atX: 1000, y: 200) == 1)
        #expect(layout.tile(atX: 300, y: 500) == 2)
        #expect(layout.tile(atX: 1000, y: 500) == nil)
        #expect(layout.tile(atX: 640, y: 200) == nil)
    }
}
