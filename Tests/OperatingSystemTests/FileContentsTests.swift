import Dispatch
import Glibc
import OperatingSystem
import Testing
import TestSupport

@Suite("FileContents: whole files read, refusing what is not a file or is too large")
struct FileContentsTests {
    @Test("a file within its limit is read whole")
    func readsWholeFile() throws {
        let folder = try TemporaryFolder()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let path = try folder.write("data.bin", bytes: bytes)
        #expect(try FileContents.read(path: path, limit: bytes.count) == bytes)
    }

    @Test("an empty file is read as no bytes")
    func readsEmptyFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty", bytes: [])
        #expect(try FileContents.read(path: path, limit: 0) == [])
    }

    @Test("empty files read on several threads at once each come back as no bytes, sharing nothing written")
    func readsEmptyFilesConcurrently() throws {
        let folder = try TemporaryFolder()
        let paths = try (0..<8).map { try folder.write("empty-\($0)", bytes: []) }
        let counts = Locked([Int?](repeating: nil, count: 400))
        // Under ThreadSanitizer a write into the shared empty-array storage shows as a race between these threads.
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let count = try? FileContents.read(path: paths[index % paths.count], limit: 16).count
            counts.withLock { $0[index] = count }
        }
        #expect(counts.withLock { $0 } == [Int?](repeating: 0, count: 400))
    }

    @Test("a file over its limit is refused before it is read, saying how large it is and what the limit is")
    func refusesFileOverLimit() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("huge.bin", bytes: [1, 2, 3])
        // Sparse, so the test costs no disk space.
        try #require(truncate(path, 300 << 20) == 0)
        let error = try #require(throws: FileReadError.self) { try FileContents.read(path: path, limit: 256 << 20) }
        #expect(error == .tooLarge(path: path, size: 300 << 20, limit: 256 << 20))
        #expect(error.description == "\(path): is 300 MiB, more than the limit of 256 MiB")
    }

    @Test("a small limit is worded in bytes, and one byte over it is over")
    func refusesOneByteOverSmallLimit() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("eleven.txt", bytes: Array(repeating: 0x41, count: 11))
        let error = try #require(throws: FileReadError.self) { try FileContents.read(path: path, limit: 10) }
        #expect(error.description == "\(path): is 11 bytes, more than the limit of 10 bytes")
    }

    @Test("a missing file is an open error that says nothing is there")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("absent.txt")
        let error = try #require(throws: FileReadError.self) { try FileContents.read(path: path, limit: 1 << 20) }
        #expect(error == .cannotOpen(path: path, SystemError(operation: "open", path: path, code: ENOENT)))
        #expect(error.isMissing)
        #expect(error.description == "\(path): cannot open: No such file or directory")
    }

    @Test("a directory is refused as a directory")
    func directory() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: FileReadError.self) { try FileContents.read(path: folder.path, limit: 1 << 20) }
        #expect(error == .directory(path: folder.path))
        #expect(!error.isMissing)
    }

    @Test("a FIFO is refused at once instead of waiting for a writer")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: FileReadError.self) { try FileContents.read(path: path, limit: 1 << 20) }
        #expect(error == .notRegularFile(path: path))
        #expect(error.description == "\(path): is not a regular file")
    }
}
