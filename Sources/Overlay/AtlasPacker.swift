/// Places rectangles left to right in rows ("shelves") across a fixed width, starting a new shelf below when
/// one is full. Glyphs of one monospaced font are all about one cell in size, so shelves waste little, and
/// placing never moves what is already placed.
struct AtlasPacker {
    let width: Int
    /// One empty texel right of and below every rectangle, so nothing touches its neighbour even when
    /// sampled with linear filtering.
    static let padding = 1

    /// The rows used so far: the bottom of the lowest shelf.
    private(set) var usedHeight = 0
    private var shelfTop = 0
    private var shelfHeight = 0
    private var cursor = 0

    init(width: Int) {
        self.width = width
    }

    /// The top-left of a new `width`×`height` rectangle, or nil (and nothing changed) when it would not fit
    /// within `maximumHeight` rows.
    mutating func place(width: Int, height: Int, maximumHeight: Int) -> (x: Int, y: Int)? {
        let paddedWidth = width + Self.padding
        let paddedHeight = height + Self.padding
        guard paddedWidth <= self.width else { return nil }
        var top = shelfTop
        var currentHeight = shelfHeight
        var x = cursor
        if x + paddedWidth > self.width {
            top += currentHeight
            currentHeight = 0
            x = 0
        }
        guard top + max(currentHeight, paddedHeight) <= maximumHeight else { return nil }
        shelfTop = top
        shelfHeight = max(currentHeight, paddedHeight)
        cursor = x + paddedWidth
        usedHeight = max(usedHeight, shelfTop + shelfHeight)
        return (x, top)
    }
}
