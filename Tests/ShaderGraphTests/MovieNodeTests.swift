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

    @Test("a movie node's file may be a network stream's URL, kept as written, not looked for on disk and not watched")
    func streamURL() throws {
        let workspace = try Workspace()
        let composition = try CompositionLoader.load(path: try workspace.write("c.yaml", """
            nodes:
              feed: { kind: movie, file: "srt://192.168.1.20:9000?mode=caller&latency=200000" }
              web: { kind: movie, file: "HTTPS://example.org/live.m3u8" }
            """))
        guard case .movie(let feed) = composition.node(named: "feed")?.kind, case .movie(let web) = composition.node(named: "web")?.kind else {
            Issue.record("the streams are not movie nodes: \(composition.warnings)")
            return
        }
        #expect(feed.file == "srt://192.168.1.20:9000?mode=caller&latency=200000" && feed.isStream)
        #expect(web.isStream && web.location.line == 3 && web.location.column == 29)
        #expect(composition.files.allSatisfy { !$0.contains("://") }, "\(composition.files)")
        #expect(composition.liveSource == "feed")
    }

    @Test("a stream of a protocol the node does not play, a stream with a timeline setting, and keys on a stream's time are located")
    func badStreams() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              a: { kind: movie, file: "ftp://example.org/clip.mp4" }
              b: { kind: movie, file: "udp://@:5000", loop: false }
              c: { kind: movie, file: "udp://@:5001", speed: 2 }
              d: { kind: movie, file: "udp://@:5002" }
            animate:
              d.time: [[0, 0], [1, 5]]
            """)
        #expect(diagnostics.coded == ["2:27 SB1004", "3:49 SB1004", "4:50 SB1004", "7:3 SB2107"])
        #expect(diagnostics.map(\.message).first?.contains("'ftp://' is not a stream a movie node plays; it plays srt://, udp://") == true, "\(diagnostics.positioned)")
        #expect(diagnostics.map(\.message).dropFirst().first?.contains("'loop' is for a movie file: the stream udp://@:5000 plays live") == true, "\(diagnostics.positioned)")
    }

    @Test("--input names a network stream by its URL, as a movie that needs no file")
    func liveInputStream() throws {
        #expect(LiveInput(parsing: "udp://@:5000") == .movie(path: "udp://@:5000"))
        #expect(LiveInput(parsing: "rtsp://camera.local/stream1") == .movie(path: "rtsp://camera.local/stream1"))
        #expect(LiveInput(parsing: "ftp://example.org/a.png") == .image(path: "ftp://example.org/a.png"))
        #expect(NetworkStream.scheme(of: "C:/not://") == nil && NetworkStream.scheme(of: "clips/a.mp4") == nil)
        let workspace = try Workspace()
        let path = try workspace.write("c.yaml", "nodes:\n  src: { kind: pattern }\noutput: src\n")
        let composition = try CompositionOpener.open(path: path, input: LiveInput(parsing: "srt://127.0.0.1:9000"))
        guard case .movie(let movie) = composition.node(named: "src")?.kind else {
            Issue.record("src was not replaced by the stream")
            return
        }
        #expect(movie.file == "srt://127.0.0.1:9000" && movie.isStream)
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
