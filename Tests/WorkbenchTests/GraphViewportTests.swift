import Overlay
import ShaderGraph
import Testing
@testable import Workbench

/// Where the graph view shows its layout: fitted into the image area, zoomed about the pointer.
@Suite("The graph view's viewport")
struct GraphViewportTests {
    static let area = InterfaceRectangle(x: 0, y: 40, width: 1000, height: 600)

    @Test("a small graph is shown at its own size in the middle; a large one shrinks to fit inside the margin")
    func fitting() {
        let small = GraphViewport.fitting(width: 400, height: 200, in: Self.area, margin: 20)
        #expect(small.zoom == 1)
        #expect(small.window(GraphLayout.Point(x: 200, y: 100)) == (500, 340))
        let large = GraphViewport.fitting(width: 1920, height: 560, in: Self.area, margin: 20)
        #expect(large.zoom == 0.5)
        let corner = large.window(GraphLayout.Point(x: 0, y: 0)), far = large.window(GraphLayout.Point(x: 1920, y: 560))
        #expect(corner.x == 20 && far.x == 980)
        #expect(corner.y >= 60 && far.y <= 620)
    }

    @Test("zooming keeps the point under the pointer where it is, within the zooms allowed")
    func zoomAboutPointer() {
        let viewport = GraphViewport(zoom: 1, offset: (100, 50))
        let under = viewport.layout(x: 400, y: 300)
        let zoomed = viewport.zoomed(by: 2, aboutX: 400, y: 300)
        #expect(abs(zoomed.zoom - 1.15 * 1.15) < 1e-5)
        let there = zoomed.window(under)
        #expect(abs(there.x - 400) < 1e-3 && abs(there.y - 300) < 1e-3)
        #expect(viewport.zoomed(by: 100, aboutX: 0, y: 0).zoom == GraphViewport.zooms.upperBound)
        #expect(viewport.zoomed(by: -100, aboutX: 0, y: 0).zoom == GraphViewport.zooms.lowerBound)
    }
}
