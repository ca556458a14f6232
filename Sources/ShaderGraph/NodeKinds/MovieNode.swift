import ShaderLanguage
import Yams

/// `kind: movie`: a movie file whose timeline follows the composition's clock, or a network stream shown live.
struct MovieNode: NodeKindModel {
    var movie: MovieSource

    static let keywords = ["movie"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "file", "loop", "speed", "start"], in: "a movie node")
        let fields = declaration.fields
        if let fileNode = fields["file"], let url = fileNode.scalar?.string, let scheme = NetworkStream.scheme(of: url) {
            return readStream(url, scheme: scheme, at: fileNode, declaration, in: loading)
        }
        guard let file = loading.existingFile(declaration) else { return nil }
        var movie = MovieSource(file: file.path, location: file.location)
        if let loopNode = fields["loop"] {
            guard let loop = loopNode.scalar.flatMap(loading.reader.boolean) else {
                loading.report("'loop' is true (start again after the last frame) or false (hold it)", at: loopNode, code: .wrongValue)
                return nil
            }
            movie.loop = loop
        }
        if let speedNode = fields["speed"] {
            guard let speed = speedNode.scalar.flatMap(loading.reader.number), speed > 0, speed <= 100 else {
                loading.report("'speed' is seconds of movie per second, a number above 0 and at most 100, such as 0.5", at: speedNode, code: .wrongValue)
                return nil
            }
            movie.speed = speed
        }
        if let startNode = fields["start"] {
            guard let start = startNode.scalar.flatMap(loading.reader.number), start >= 0, start.isFinite else {
                loading.report("'start' is the second of the movie shown first, a number of at least 0", at: startNode, code: .wrongValue)
                return nil
            }
            movie.start = start
        }
        return .movie(movie)
    }

    /// A `file:` written as a URL: a stream of a protocol the node plays, which has no timeline to loop, speed
    /// up or start part way.
    private static func readStream(_ url: String, scheme: String, at fileNode: Yams.Node, _ declaration: NodeDeclaration,
                                   in loading: CompositionLoading) -> NodeKind? {
        guard NetworkStream.schemes.contains(scheme) else {
            let schemes = NetworkStream.schemes.map { "\($0)://" }.joined(separator: ", ")
            loading.report("'\(scheme)://' is not a stream a movie node plays; it plays \(schemes), or a file's path",
                           at: fileNode, code: .wrongValue)
            return nil
        }
        for key in ["loop", "speed", "start"] {
            if let node = declaration.fields[key] {
                loading.report("'\(key)' is for a movie file: the stream \(url) plays live, its newest frame shown", at: node, code: .wrongValue)
                return nil
            }
        }
        return .movie(MovieSource(file: url, location: loading.reader.location(of: fileNode)))
    }

    var output: NodeOutput { .image }
    var isImageSource: Bool { true }
    var canSetRenderSize: Bool { true }
    /// A stream is no file to watch.
    var files: [String] { movie.isStream ? [] : [movie.file] }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .movie(movie)
    }
}
