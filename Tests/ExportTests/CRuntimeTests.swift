import Foundation
import TestSupport
import Testing

/// The runtime that C exports carry is C of its own: it compiles straight from the source tree, each export
/// that splices it in compiles alone and keeps it to itself, and an export runs its frames with
/// AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer watching every access and allocation.
@Suite("The C runtime", .serialized)
struct CRuntimeTests {
    /// Every report stops the program with a failing status, so nothing is reported and then ignored.
    static let sanitizerFlags = ["-g", "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]

    /// Leak detection stays on, whatever the environment the tests run in says. Nothing is suppressed: Mesa's
    /// llvmpipe leaves no allocation that LeakSanitizer reports, so any report is the runtime's or the harness's.
    ///
    /// `intercept_tls_get_addr=0`: up to GCC 13 and LLVM 16, the sanitizers' `__tls_get_addr` hook takes a
    /// dynamic TLS block at 16 bytes past a 4 KiB boundary for one with a glibc 2.19 header and reads the
    /// words before it as the block's bounds. The one such block here is Mesa's driver's, allocated on
    /// the heap, where it lands on that offset now and then under load, and LeakSanitizer's tracer then
    /// dies scanning garbage bounds ("Tracer caught signal 11"). Without the hook dynamic TLS goes
    /// unscanned, which costs nothing here: the runtime keeps nothing in thread-local storage.
    static var sanitizerEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = "detect_leaks=1:intercept_tls_get_addr=0"
        environment["UBSAN_OPTIONS"] = "print_stacktrace=1"
        return environment
    }

    /// Neither reads an input nor publishes a parameter, so it calls no input or value setter of the runtime.
    static let patternOnly = """
        composition: 1
        size: [64, 48]
        nodes:
          bars: { kind: pattern }
          tone: { kind: shader, filter: sepia, inputs: { inputImageTexture: bars } }
        output: tone
        """

    static func export(_ composition: String, into folder: String) throws {
        let result = try runShaderbench(["export", composition, "--c", folder])
        try #require(result.status == 0, "\(result.error)")
    }

    static func compile(_ source: String, into object: String, in folder: TemporaryFolder, flags: [String] = []) throws {
        let result = try runProcess("/usr/bin/cc", ExportBuild.strictC + flags + ["-c", source, "-o", object], in: folder.path)
        #expect(result.status == 0, "cc \((source as NSString).lastPathComponent):\n\(result.error)")
    }

    @Test("sb_runtime.c compiles on its own, from the source tree, as C99 with every warning an error, with compute steps (GLES 3.1) and without")
    func runtimeCompilesAlone() throws {
        let folder = try TemporaryFolder()
        let source = Repository.path("Sources/Export/Runtime/sb_runtime.c")
        try #require(FileManager.default.fileExists(atPath: source), "the runtime is at \(source)")
        try Self.compile(source, into: folder.file("sb_runtime.o"), in: folder)
        try Self.compile(source, into: folder.file("sb_runtime_compute.o"), in: folder, flags: ["-DSB_RUNTIME_COMPUTE"])
    }

    @Test("an export's .c and .h compile alone with the same flags, whether or not it calls every entry point of the runtime")
    func exportCompilesAlone() throws {
        let folder = try TemporaryFolder()
        try Self.export(Repository.path("compositions/color-tracking.yaml"), into: folder.file("tracking"))
        try Self.export(try folder.write("bars.yaml", Self.patternOnly), into: folder.file("bars"))
        try Self.compile(folder.file("tracking/color_tracking.c"), into: folder.file("color_tracking.o"), in: folder)
        try Self.compile(folder.file("bars/bars.c"), into: folder.file("bars.o"), in: folder)
        let source = try String(contentsOfFile: folder.file("tracking/color_tracking.c"), encoding: .utf8)
        #expect(!source.contains("#include \"sb_runtime.h\""), "the export includes no file it does not ship")
    }

    @Test("two exports link into one program, each defining no external symbol but its own functions")
    func twoExportsLinkTogether() throws {
        let folder = try TemporaryFolder()
        try Self.export(Repository.path("compositions/color-tracking.yaml"), into: folder.path)
        try Self.export(Repository.path("compositions/tour.yaml"), into: folder.path)
        for prefix in ["color_tracking", "tour"] {
            try Self.compile(folder.file("\(prefix).c"), into: folder.file("\(prefix).o"), in: folder)
            let symbols = try runProcess("/usr/bin/nm", ["-g", "--defined-only", "--format=just-symbols", folder.file("\(prefix).o")], in: folder.path)
            try #require(symbols.status == 0, "\(symbols.error)")
            let foreign = symbols.output.split(separator: "\n").filter { !$0.hasPrefix(prefix + "_") }
            #expect(!symbols.output.isEmpty && foreign.isEmpty, "\(prefix).o defines \(foreign)")
        }
        try folder.write("app.c", """
            #include "color_tracking.h"
            #include "tour.h"

            /* Linked, never run (it has no GL context): each export's functions reach its own runtime. */
            int main(void) {
                color_tracking *tracking = NULL;
                tour *tour_graph = NULL;
                if (color_tracking_create(&tracking, NULL, 0) == COLOR_TRACKING_OK) color_tracking_destroy(tracking);
                if (tour_create(&tour_graph, NULL, 0) == TOUR_OK) tour_destroy(tour_graph);
                return 0;
            }
            """)
        let linked = try runProcess("/usr/bin/cc", ExportBuild.strictC + ["app.c", "color_tracking.o", "tour.o", "-o", "app", "-lGLESv2", "-lm"],
                                    in: folder.path)
        #expect(linked.status == 0, "\(linked.error)")
    }

    @Test("a C export comes with a README whose build lines build it, and creating it with no GL context says so")
    func readmeAndMissingContext() throws {
        let folder = try TemporaryFolder()
        try Self.export(Repository.path("compositions/tour.yaml"), into: folder.path)
        let readme = try String(contentsOfFile: folder.file("tour-README.md"), encoding: .utf8)
        let buildLines = readme.split(separator: "\n").filter { $0.hasPrefix("cc ") }.map(String.init)
        try #require(buildLines.count == 2, "\(readme)")
        try folder.write("your_app.c", """
            #include <stdio.h>
            #include "tour.h"

            /* Run with no context made current: creating the graph must say why it cannot. */
            int main(void) {
                char message[1024] = "";
                tour *graph = NULL;
                int status = tour_create(&graph, message, sizeof message);
                printf("%d %s\\n", status, message);
                return graph == NULL ? 0 : 1;
            }
            """)
        let app = try runProcess("/usr/bin/cc", ExportBuild.strictC + ["-c", "your_app.c", "-o", "your_app.o"], in: folder.path)
        try #require(app.status == 0, "\(app.error)")
        for line in buildLines {
            let built = try runProcess("/bin/sh", ["-c", line], in: folder.path)
            try #require(built.status == 0, "\(line):\n\(built.error)")
        }
        let run = try runProcess(folder.file("your_app"), [], in: folder.path)
        #expect(run.status == 0)
        #expect(run.output == "2 no OpenGL ES context is current on this thread: make the app's GLES 3 context current before creating the graph\n")
    }

    @Test("an export with several passes, a reduction and an input draws render's frames under the address, leak and undefined-behaviour sanitizers, which report nothing")
    func sanitizedExportMatchesRender() throws {
        let errors = try ExportFaithfulnessTests.checkC(Repository.path("compositions/color-tracking.yaml"),
                                                        flags: Self.sanitizerFlags, environment: Self.sanitizerEnvironment)
        #expect(!errors.contains("Sanitizer") && !errors.contains("runtime error"), "\(errors)")
    }
}
