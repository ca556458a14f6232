import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Movie nodes")
struct MovieNodeTests {
    @Test("a movie node reads its file, loop, speed and start")
    func loadsMovieNode() throws {
        let workspace = try Workspace()
        try workspace.write("clips/a.mp4", bytes: [0, 0, 0, 24])
        let path = try workspace.write("c/comp.yaml", """
            nodes:
              clip: { kind: movie, file: ../clips/a.mp4, loop: false, speed: 0.5, start: 2.5 }
            """)
        let composition = try CompositionLoader.load(path: path)
        guard case .movie(let movie) = composition.node(named: "clip")?.kind else {
            Issue.record("clip is not a movie node")
            return
        }
        #expect(movie.file == workspace.path("clips/a.mp4"))
        #expect(!movie.loop && movie.speed == 0.5 && movie.start == 2.5)
        #expect(composition.liveSource == "clip")
        #expect(composition.files.contains(workspace.path("clips/a.mp4")))
    }

    @Test("a movie node plays from the start, looping, at its own speed by default")
    func defaults() throws {
        let workspace = try Workspace()
        try workspace.write("a.mkv", bytes: [0x1A, 0x45, 0xDF, 0xA3])
        let composition = try CompositionLoader.load(path: try workspace.write("c.yaml", "nodes:\n  clip: { kind: movie, file: a.mkv }\n"))
        guard case .movie(let movie) = composition.node(named: "clip")?.kind else {
            Issue.record("clip is not a movie node")
            return
        }
        #expect(movie.loop && movie.speed == 1 && movie.start == 0)
    }

    @Test("bad movie settings and a missing file are located")
    func badSettings() throws {
        let workspace = try Workspace()
        try workspace.write("a.mp4", bytes: [0])
        let diagnostics = try workspace.diagnostics("""
            nodes:
              a: { kind: movie, file: a.mp4, loop: sometimes }
              b: { kind: movie, file: a.mp4, speed: 0 }
              c: { kind: movie, file: a.mp4, start: -1 }
              d: { kind: movie, file: gone.mp4 }
              e: { kind: movie, file: a.mp4, rate: 30 }
            """)
        #expect(diagnostics.coded == ["2:40 SB1004", "3:41 SB1004", "4:41 SB1004", "5:27 SB1005", "6:34 SB1002"])
    }

    @Test("the movie's moment follows the clock: started late, sped up, wrapped or held at the end")
    func movieTime() {
        let location = SourceLocation(file: "c.yaml", line: 1)
        let looping = MovieSource(file: "a.mp4", speed: 2, start: 1, location: location)
        #expect(looping.movieTime(at: 0, duration: 10) == 1)
        #expect(looping.movieTime(at: 2, duration: 10) == 5)
        #expect(looping.movieTime(at: 6, duration: 10) == 3)
        let held = MovieSource(file: "a.mp4", loop: false, location: location)
        #expect(held.movieTime(at: 12, duration: 10) == 10)
        #expect(held.movieTime(at: 3, duration: nil) == 3)
    }

    @Test("--input names a movie by its extension")
    func liveInputMovie() {
        #expect(LiveInput(parsing: "clips/a.MP4") == .movie(path: "clips/a.MP4"))
        #expect(LiveInput(parsing: "b.webm") == .movie(path: "b.webm"))
        #expect(LiveInput(parsing: "photo.png") == .image(path: "photo.png"))
    }

    @Test("--input replaces the live source with a movie")
    func inputReplacesLiveSource() throws {
        let workspace = try Workspace()
        let clip = try workspace.write("a.mov", bytes: [0])
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }
            """)
        let composition = try CompositionOpener.open(path: path, input: .movie(path: clip))
        guard case .movie(let movie) = composition.node(named: "src")?.kind else {
            Issue.record("src was not replaced by the movie")
            return
        }
        #expect(movie.file == clip)
    }
}
