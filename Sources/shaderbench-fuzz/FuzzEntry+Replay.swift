import Foundation
import FuzzTargets

enum FuzzEntry {
    /// The target named by `SHADERBENCH_FUZZ_TARGET`, read once.
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["SHADERBENCH_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("SHADERBENCH_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        return target
    }()

    static func replay(_ arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: shaderbench-fuzz TARGET FILE…  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))\n".utf8))
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot be read\n".utf8))
                exit(66)
            }
            target.run(Array(data))
            print("\(path): ok")
        }
    }
}
