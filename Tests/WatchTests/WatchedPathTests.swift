import Testing
@testable import Watch

@Suite("WatchedPath")
struct WatchedPathTests {
    @Test("Splits a path into the directory to watch and the name events carry", arguments: [
        ("/a/b/x.fsh", "/a/b", "x.fsh"),
        ("x.fsh", ".", "x.fsh"),
        ("/x.fsh", "/", "x.fsh"),
        ("shaders/x.fsh", "shaders", "x.fsh"),
        ("./x.fsh", ".", "x.fsh"),
        ("a//x.fsh", "a/", "x.fsh"),
    ])
    func splits(path: String, directory: String, name: String) throws {
        let location = try WatchedPath(path)
        #expect(location.path == path)
        #expect(location.directory == directory)
        #expect(location.name == name)
    }

    @Test("Refuses paths that cannot name a file", arguments: ["", "/", "a/", "a/.", "a/.."])
    func refuses(path: String) {
        #expect(throws: WatchError.self) { try WatchedPath(path) }
    }
}
