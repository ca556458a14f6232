#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's wording for an `errno`, e.g. "No such file or directory".
func systemErrorDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
