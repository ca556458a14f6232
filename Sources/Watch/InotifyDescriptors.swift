import Glibc

/// The inotify instances open in this process, found through /proc/self/fd.
///
/// libinotifytools 3.22 keeps its inotify descriptor in a file-static variable and exports no getter,
/// yet the main loop needs that descriptor for poll(2). Comparing this set before and after
/// `inotifytools_initialize()` identifies the one the library opened.
enum InotifyDescriptors {
    static func open() -> Set<Int32> {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var found: Set<Int32> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name), isInotify("/proc/self/fd/" + name) else { continue }
            found.insert(descriptor)
        }
        return found
    }

    private static func isInotify(_ link: String) -> Bool {
        let expected = Array("anon_inode:inotify".utf8)
        // One byte more than expected, so that a longer target cannot pass as a match.
        var target = [CChar](repeating: 0, count: expected.count + 1)
        let length = readlink(link, &target, target.count)
        return length == expected.count && target.prefix(length).map { UInt8(bitPattern: $0) } == expected
    }
}
