import Foundation
import TestSupport
import Testing
@testable import Workbench

/// The parameter panel's table of the shown compute node's storage buffers, read as the last frame left them.
@Suite("The panel's buffer table", .serialized)
struct BufferTableTests {
    /// The elements each `panel-buffer` line gave, in order.
    func tables(_ window: LiveWindow) -> [[Double]] {
        window.trace.events.filter { $0.name == "panel-buffer" && $0.fields["buffer"] as? String == "Points" }.map { event in
            (event.fields["elements"] as? [Double]) ?? ((event.fields["elements"] as? [NSNumber])?.map(\.doubleValue) ?? [])
        }
    }

    @Test("P shows the first 16 elements as the kernel wrote them, and the persistent count going up frame by frame")
    func firstElementsLive() throws {
        let window = try LiveWindow(composition: PointsKernel.composition) { folder in
            try folder.write("compositions/points.comp", PointsKernel.source)
        }
        #expect(eventually { window.trace.frames.count > 2 }, "stderr: \(window.app.error)")
        try window.pressAndWait("p")
        #expect(eventually { tables(window).count >= 2 }, "stderr: \(window.app.error)")
        let seen = tables(window)
        for table in seen.prefix(2) {
            #expect(table.count == 16 * 4)
            for index in 0..<min(16, table.count / 4) {
                let element = Array(table[index * 4..<index * 4 + 4])
                #expect(element[0] == Double(index) && element[1] == 2 * Double(index) && element[3] == 1, "element \(index): \(element)")
                #expect(element[2] >= 1 && element[2] == table[2], "every element counts the same frames: \(element)")
            }
        }
        #expect(seen.count >= 2 && seen[1][2] > seen[0][2], "the count did not go up: \(seen.map { $0.count > 2 ? $0[2] : -1 })")
    }

    @Test("each row is the element's index and its numbers, every column right-aligned")
    func rowsAligned() {
        let rows = BufferTable.rows(of: (0..<11).map { [Float($0), Float($0) * 25, -0.5] })
        #expect(rows.first == "[ 0]  0.000    0.000  -0.500")
        #expect(rows.last == "[10] 10.000  250.000  -0.500")
        #expect(Set(rows.map(\.count)).count == 1)
    }
}
