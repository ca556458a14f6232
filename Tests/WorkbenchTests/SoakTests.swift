import Foundation
import Testing
import TestSupport

/// The short form of `scripts/soak`: a few hundred reloads of every kind and two camera unplugs, after which
/// the window holds exactly what it held at the same point of the cycle before.
@Suite("Soak", .serialized)
struct SoakTests {
    @Test("after warm-up, reloads and unplugs leave the window holding no more GL objects or descriptors than before")
    func nothingGrows() throws {
        let report = try WindowSoak.run(WindowSoak.Settings(reloads: 150, unplugs: 2))
        #expect(report.readings.count == 150)
        #expect(report.unplugs == 2)
        #expect(report.afterWarmUp().count >= 130)
        #expect(report.changesInWhatIsHeld.isEmpty, "\(report.changesInWhatIsHeld.prefix(10).joined(separator: "\n"))")
    }
}
