import Foundation
import TestSupport

/// `scripts/soak`: the window through thousands of frames, a thousand reloads of every kind and repeated camera
/// unplugs, reporting what it held after each reload: GL objects and descriptors must not change at all
/// between cycles after warm-up, and resident memory must stay within a megabyte.
enum SoakBenchmark {
    static func run(reloads: Int, frames: Int, unplugs: Int) throws {
        let report = try WindowSoak.run(WindowSoak.Settings(reloads: reloads, unplugs: unplugs, minimumFrames: frames))
        let settled = report.afterWarmUp()
        print("\n## Soak: \(report.readings.count) reloads, \(report.frames) frames, \(report.unplugs) camera unplugs, \(Int(report.seconds)) s\n")
        // Readings compare at the same phase of the cycle: a reading taken with the extra node differs by it.
        let samePhase = settled.filter { $0.phase == settled.first?.phase }
        if let first = samePhase.first, let last = samePhase.last {
            print("| reading | after warm-up (reload \(first.reload)) | at the end (reload \(last.reload)) |")
            print("|---|---:|---:|")
            for key in first.held.keys.sorted() {
                print("| \(key) | \(first.held[key] ?? 0) | \(last.held[key] ?? 0) |")
            }
            print("| resident memory | \(megabytes(first.residentBytes)) MB | \(megabytes(last.residentBytes)) MB |")
            // The curve tells a leak (a steady climb) from the allocator settling (swings that stop).
            let curve = stride(from: 0, to: samePhase.count, by: max(samePhase.count / 10, 1)).map { samePhase[$0] } + [last]
            print("\nResident memory along the run, at that phase: " + curve.map { "\($0.reload): \(megabytes($0.residentBytes))" }.joined(separator: ", ")
                  + " (reload: MB); lowest \(megabytes(samePhase.map(\.residentBytes).min() ?? 0)), highest \(megabytes(samePhase.map(\.residentBytes).max() ?? 0))")
        }
        let changes = report.changesInWhatIsHeld
        print("\nGL objects and descriptors: \(changes.isEmpty ? "the same at every cycle after warm-up" : "\(changes.count) readings differ, first: \(changes[0])")")
        print("Resident memory growth after warm-up: \(megabytes(report.residentGrowth)) MB (target: under 1 MB)")
        if !changes.isEmpty { throw TestSupportError("GL objects or descriptors changed between cycles") }
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f", Double(bytes) / 1_048_576)
    }
}
