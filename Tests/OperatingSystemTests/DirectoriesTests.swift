import Glibc
import OperatingSystem
import Testing
import TestSupport

@Suite("Directories: output folders made as mkdir -p makes them")
struct DirectoriesTests {
    @Test("a folder is created with every missing parent")
    func createsMissingParents() throws {
        let folder = try TemporaryFolder()
        try Directories.create(folder.file("renders/today/frames"))
        #expect(folder.isFolder("renders/today/frames"))
    }

    @Test("a folder that exists already is no error")
    func existingFolder() throws {
        let folder = try TemporaryFolder()
        try Directories.create(folder.file("out"))
        try Directories.create(folder.file("out"))
        #expect(folder.isFolder("out"))
    }

    @Test("the parent of a file path is created, and not the file")
    func createsParentOfFile() throws {
        let folder = try TemporaryFolder()
        try Directories.createParent(of: folder.file("out/shots/frame-0001.png"))
        #expect(folder.isFolder("out/shots"))
        #expect(try folder.contents() == ["out"])
        #expect(!folder.isFolder("out/shots/frame-0001.png"))
    }

    @Test("a file path with no folder, or only the root, asks for no folder")
    func bareFileName() throws {
        try Directories.createParent(of: "frame.png")
        try Directories.createParent(of: "/frame.png")
    }

    @Test("a file in the way is an error naming the folder asked for")
    func fileInTheWay() throws {
        let folder = try TemporaryFolder()
        try folder.write("out", bytes: [1])
        let wanted = folder.file("out/frames")
        let error = try #require(throws: SystemError.self) { try Directories.create(wanted) }
        #expect(error == SystemError(operation: "create the folder", path: wanted, code: ENOTDIR))
        #expect(error.description == "\(wanted): cannot create the folder: Not a directory")
    }
}
