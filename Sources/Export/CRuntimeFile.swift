/// The runtime every C export carries, as the real C files in `Runtime/` (so compilers, editors and the
/// tests see it as C), embedded in the code at build time by SwiftPM's `.embedInCode` resource rule.
enum CRuntimeFile: String {
    case header = "sb_runtime.h"
    case source = "sb_runtime.c"
    /// Compute steps, which the source includes.
    case compute = "sb_compute.c"

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private var bytes: [UInt8] {
        switch self {
        case .header: PackageResources.sb_runtime_h
        case .source: PackageResources.sb_runtime_c
        case .compute: PackageResources.sb_compute_c
        }
    }

    /// Both files as one block of an export's `.c`, the way SQLite ships as one amalgamated file: the header,
    /// then the source without its `#include` of the header (whose text is already there) and with the
    /// compute file's text where it includes it, with the runtime's entry points made `static`, so that each
    /// export keeps its own copy and several link into one app.
    static var amalgamation: String {
        let ownInclude = "#include \"\(header.rawValue)\""
        let computeInclude = "#include \"\(compute.rawValue)\""
        let source = source.text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0 != ownInclude }
            .map { $0 == computeInclude ? compute.text : String($0) }
            .joined(separator: "\n")
        return "#define SB_RUNTIME_STATIC\n\n" + header.text + "\n" + source
    }
}
