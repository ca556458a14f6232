import Foundation
import Images
import TestSupport

/// Builds and runs exported code with the real compilers, as an app's build would: `cc` for C, `swiftc`
/// against the ShaderbenchKit library built beside the tests.
enum ExportBuild {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var buildFolder: String { (Repository.executable as NSString).deletingLastPathComponent }
    /// The packages' sources, in the build's own scratch folder (`.build`, or a sanitizer's), two above its products.
    static var checkouts: String {
        ((buildFolder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent + "/checkouts"
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String,
                    environment: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(executable, arguments, in: directory, environment: environment)
    }

    static func require(_ result: ProcessResult, _ what: String) throws {
        guard result.status == 0 else { throw Failure(description: "\(what) failed (\(result.status)):\n\(result.error)\(result.output)") }
    }

    /// What an app's strictest build asks of C: C99 with no extensions, every warning an error.
    static let strictC = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]

    /// Compiles an exported C pair with the harness, warnings as errors, in C99 with no extensions, and
    /// with `flags` added (a sanitizer's, say).
    static func compileC(prefix: String, in directory: String, setup: String, flags: [String] = []) throws -> String {
        try setup.write(toFile: directory + "/setup.inc", atomically: true, encoding: .utf8)
        let harness = directory + "/harness"
        try require(run("/usr/bin/cc", strictC + flags + ["-O1", "-DGRAPH=\(prefix)",
                                        "-include", "\(prefix).h", "-I", directory, Repository.path("Tests/ExportTests/Harness/harness.c"),
                                        "\(prefix).c", "-o", harness, "-lGLESv2", "-lEGL", "-lm"], in: directory), "cc")
        return harness
    }

    /// The sanitizer `scripts/sanitize` built ShaderbenchKit with (`SHADERBENCH_SANITIZER`): a program linking
    /// the instrumented library must carry the same runtime.
    static var sanitizerFlags: [String] {
        ProcessInfo.processInfo.environment["SHADERBENCH_SANITIZER"].map { ["-sanitize=\($0)"] } ?? []
    }

    /// Compiles exported Swift files with the harness into one program, linking ShaderbenchKit.
    static func compileSwift(_ files: [String], in directory: String) throws -> String {
        let harness = directory + "/harness"
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "swiftc"
        // Every C module below ShaderbenchKit, which its Swift modules import.
        let modules = ["CGLES", "CEGL", "CPNG", "CTurboJPEG", "CTIFF", "CWebP", "CV4L2", "PNGBridge/include", "CDesktopGLSL"]
            .flatMap { ["-I", Repository.path("Sources/\($0)")] }
        let arguments = files + [Repository.path("Tests/ExportTests/Harness/main.swift"), "-o", harness,
                                 "-I", buildFolder + "/Modules", "-I", checkouts + "/Yams/Sources/CYaml/include"]
            + modules + ["-L", buildFolder, "-lShaderbenchKit", "-Xlinker", "-rpath", "-Xlinker", buildFolder]
            + sanitizerFlags
        try require(run(swiftc, arguments, in: directory), "swiftc")
        return harness
    }
}
