import FuzzTargets

#if FUZZING
import CLibFuzzer

/// The program's entry when `scripts/fuzz` builds it with `-sanitize=fuzzer` (SwiftPM names an executable's
/// entry `<module>_main` and points `main` at it): libFuzzer's driver, feeding each input to the target
/// that `SHADERBENCH_FUZZ_TARGET` names.
@_cdecl("shaderbench_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    _ = FuzzEntry.target
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        FuzzEntry.target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
}
#else
/// Without libFuzzer: `shaderbench-fuzz TARGET FILE…` runs files through a target, to reproduce a finding
/// in a debugger.
@main
struct ReplayFuzzInputs {
    static func main() {
        FuzzEntry.replay(Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
