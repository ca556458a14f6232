import Foundation
import Glibc
import OperatingSystem
import Synchronization
import Testing
import TestSupport

@Suite("AtomicFile: a file's contents replaced all at once")
struct AtomicFileTests {
    @Test("a write replaces the old contents and leaves only the target in the folder")
    func replacesOldContents() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("out.txt", bytes: Array("the old contents, longer than the new".utf8))
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try folder.read("out.txt") == Array("new".utf8))
        #expect(try folder.contents() == ["out.txt"])
    }

    @Test("a reader never sees a half-written file, only the old contents or the new")
    func readersSeeWholeFiles() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("frame.bin")
        let small = [UInt8](repeating: 0x61, count: 1 << 20)
        let large = [UInt8](repeating: 0x62, count: 3 << 20)
        try AtomicFile.write(small, to: path)

        let writing = Atomic<Bool>(true)
        let torn = Locked<[Int]>([])
        let reader = Thread {
            while writing.load(ordering: .acquiring) {
                guard let bytes = try? FileContents.read(path: path, limit: .max) else {
                    torn.withLock { $0.append(-1) }
                    continue
                }
                let whole = (bytes.count == small.count && bytes.allSatisfy { $0 == 0x61 })
                    || (bytes.count == large.count && bytes.allSatisfy { $0 == 0x62 })
                if !whole { torn.withLock { $0.append(bytes.count) } }
            }
        }
        reader.start()
        for round in 0..<40 {
            try AtomicFile.write(round.isMultiple(of: 2) ? large : small, to: path)
        }
        writing.store(false, ordering: .releasing)
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }

        // A size of -1 stands for a moment when the path could not be read at all.
        let partial = torn.withLock { $0 }
        #expect(partial.isEmpty, "\(partial.count) reads saw a partial file, of sizes such as \(Set(partial).prefix(4).sorted())")
        #expect(try folder.contents() == ["frame.bin"])
    }

    @Test("a folder that does not exist fails the write, names the target and creates nothing")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing/out.txt")
        let error = try #require(throws: AtomicWriteError.self) { try AtomicFile.write([1], to: path) }
        guard case .cannotCreate(path, let failure) = error else {
            Issue.record("expected cannotCreate for \(path), got \(error)")
            return
        }
        #expect(failure.code == ENOENT)
        #expect(error.description == "\(path): cannot create a file in its directory: No such file or directory")
        #expect(try folder.contents() == [])
    }

    @Test("a folder in the target's place fails the write and leaves no temporary file behind")
    func folderInTheWay() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("taken")
        try #require(mkdir(path, 0o755) == 0)
        let error = try #require(throws: AtomicWriteError.self) { try AtomicFile.write([1, 2, 3], to: path) }
        guard case .cannotReplace(path, _) = error else {
            Issue.record("expected cannotReplace for \(path), got \(error)")
            return
        }
        #expect(error.description.hasPrefix("\(path): cannot replace the file: "))
        #expect(try folder.contents() == ["taken"])
        #expect(folder.isFolder("taken"))
    }

    @Test("a path that ends in a slash, '.' or '..' names no file and is refused")
    func notAFileName() throws {
        let folder = try TemporaryFolder()
        for path in [folder.path + "/", folder.file("."), folder.file("..")] {
            let error = try #require(throws: AtomicWriteError.self) { try AtomicFile.write([1], to: path) }
            #expect(error == .notAFileName(path: path))
        }
        #expect(try folder.contents() == [])
    }
}
