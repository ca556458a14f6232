import GPU
import ShaderGraph
import ShaderLanguage

/// Where the grid's tiles go, in framebuffer pixels: one cell per image node in rows and columns over an area,
/// each holding its image above a label. The number of columns is the one that shows images of the given
/// aspect largest.
struct NodeGridLayout: Equatable {
    struct Tile: Equatable {
        /// The whole cell: a click anywhere in it picks the node.
        var cell: PixelRectangle
        /// The part the image is fitted into, its aspect kept.
        var image: PixelRectangle
        /// The strip under the image for its label.
        var label: PixelRectangle
    }

    var tiles: [Tile]

    /// `count` tiles for images of `imageSize`'s aspect over `area`, `gap` pixels apart and from its edges, each
    /// with `labelHeight` pixels under its image.
    init(count: Int, imageSize: PixelSize, area: PixelRectangle, labelHeight: Int, gap: Int) {
        guard count > 0 else {
            tiles = []
            return
        }
        let aspect = Double(imageSize.width) / Double(max(1, imageSize.height))
        func cellSize(columns: Int) -> (width: Int, height: Int) {
            let rows = (count + columns - 1) / columns
            return (max(1, (area.width - gap * (columns + 1)) / columns), max(1, (area.height - gap * (rows + 1)) / rows))
        }
        /// The width an image is shown at in a cell of that many columns.
        func shownWidth(columns: Int) -> Double {
            let cell = cellSize(columns: columns)
            return min(Double(cell.width), Double(max(0, cell.height - labelHeight)) * aspect)
        }
        let columns = (1...count).max { shownWidth(columns: $0) < shownWidth(columns: $1) } ?? 1
        let cell = cellSize(columns: columns)
        tiles = (0..<count).map { index in
            let x = area.x + gap + (index % columns) * (cell.width + gap)
            let y = area.y + gap + (index / columns) * (cell.height + gap)
            let imageHeight = max(1, cell.height - labelHeight)
            return Tile(cell: PixelRectangle(x: x, y: y, width: cell.width, height: cell.height),
                        image: PixelRectangle(x: x, y: y, width: cell.width, height: imageHeight),
                        label: PixelRectangle(x: x, y: y + imageHeight, width: cell.width, height: cell.height - imageHeight))
        }
    }

    /// The tile whose cell holds the framebuffer pixel (`x`, `y`), by index.
    func tile(atX x: Double, y: Double) -> Int? {
        tiles.firstIndex { tile in
            x >= Double(tile.cell.x) && x < Double(tile.cell.x + tile.cell.width)
                && y >= Double(tile.cell.y) && y < Double(tile.cell.y + tile.cell.height)
        }
    }
}
