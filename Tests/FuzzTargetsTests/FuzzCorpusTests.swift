import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Every input fuzzing saved runs through its target again on every test run: the hand-written seeds, the
/// inputs earlier runs found to reach new code, and each past finding, so a fixed crash stays fixed. An input
/// that crashes stops the test process where the report shows it.
@Suite("Fuzzing's saved inputs")
struct FuzzCorpusTests {
    static func inputs(of target: FuzzTarget, in kind: String) throws -> [String] {
        let folder = Repository.path("Tests/FuzzCorpus/\(target.rawValue)/\(kind)")
        // Git keeps no empty folder: a target with no findings has no findings/.
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
    }

    @Test("every target has seeds written by hand")
    func everyTargetHasSeeds() throws {
        for target in FuzzTarget.allCases {
            #expect(try Self.inputs(of: target, in: "seeds").count >= 3, "\(target.rawValue) has too few seeds")
        }
    }

    @Test("every saved input runs through its target: seeds, grown inputs and past findings", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        var replayed = 0
        for kind in ["seeds", "grown", "findings"] {
            for path in try Self.inputs(of: target, in: kind) {
                target.run(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                replayed += 1
            }
        }
        #expect(replayed >= 3)
    }
}
