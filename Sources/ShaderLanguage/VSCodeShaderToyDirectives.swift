/// The lines a shader written for VS Code's Shader Toy extension adds to GLSL, as its README documents them:
/// `#iChannelN "path"` (N from 0 to 9) binds a channel to a picture, a movie, another shader file or `"self"`,
/// the pass's own last frame (a `file://` in front is dropped; a relative path is read beside the file the line
/// is in); `#iChannelN::MinFilter`, `::MagFilter`, `::WrapMode` and `::Type` say how it is sampled; `#iKeyboard`
/// brings the key constants and `isKeyDown` and friends; `#StrictCompatibility` always calls `mainImage`. The
/// driver is given each directive as spaces, so every other character keeps its line and column. Directives in
/// a `/* … */` comment are not read, as the extension reads none there. Its experimental custom uniforms
/// (`#iUniform`) are parameters with the default and range they give (`VSCodeShaderToyUniform`); its vertex shaders
/// and fly camera (`#iVertex`, `#iFirstPersonControls`) are refused, saying why.
public struct VSCodeShaderToyDirectives: Sendable {
    /// What a channel directive names.
    public enum Source: Sendable, Equatable {
        case picture(path: String)
        case movie(path: String)
        /// Another shader file of the extension's, drawn as a pass of its own.
        case shader(path: String)
        /// `"self"`, or the shader's own file: the image the pass drew the frame before.
        case ownPreviousFrame
    }

    public struct Channel: Sendable {
        public var number: Int
        public var source: Source
        /// Where its path is written: what messages about the file point at.
        public var location: SourceLocation
    }

    /// The filters `::MinFilter` and `::MagFilter` name (WebGL's, by the extension's names).
    public enum Filter: String, CaseIterable, Sendable {
        case nearest = "Nearest"
        case nearestMipMapNearest = "NearestMipMapNearest"
        case nearestMipMapLinear = "NearestMipMapLinear"
        case linear = "Linear"
        case linearMipMapNearest = "LinearMipMapNearest"
        case linearMipMapLinear = "LinearMipMapLinear"

        public var isMipmapped: Bool { self != .nearest && self != .linear }
    }

    public enum Wrap: String, CaseIterable, Sendable {
        case clamp = "Clamp"
        case `repeat` = "Repeat"
        case mirror = "Mirror"
    }

    /// How a channel's directives say it is sampled; what they leave unset is the extension's default,
    /// linear and repeated.
    public struct Sampling: Sendable {
        public var minFilter: Filter?
        public var magFilter: Filter?
        public var wrap: Wrap?

        public init() {}
    }

    /// By channel number; a later directive for the same channel replaces an earlier one.
    public private(set) var channels: [Int: Channel] = [:]
    public private(set) var samplings: [Int: Sampling] = [:]
    /// Where `#iKeyboard` is written in the shader's text, when it is: it brings the key constants and
    /// `isKeyDown` and friends, which read `iKeyboard`.
    private(set) var keyboardLine: (line: Int, column: Int)?
    public var readsKeyboard: Bool { keyboardLine != nil }
    /// `#StrictCompatibility`: the extension's `main` calls `mainImage` even where the file seems to define
    /// a `main` of its own.
    public private(set) var isStrict = false
    /// Whether the extension's `main`, which calls `mainImage`, is added (`VSCodeShaderToyDialect.callsMainImage`).
    public internal(set) var callsMainImage = false
    /// `#iUniform`s, in the order they are written.
    public private(set) var uniforms: [VSCodeShaderToyUniform] = []
    /// The characters each directive takes, by line, and what the driver is given there instead: spaces, or a
    /// custom uniform's declaration (which is never longer) padded with them.
    private(set) var spans: [(line: Int, columns: Range<Int>, replacement: String)] = []

    /// `#iChannel0` … `#iChannel9`.
    public static let channelCount = 10

    init() {}

    /// The directives of `source`, nil when it has none. A relative path is looked for beside the file its
    /// line comes from (an `#include`d file's own folder), in `files`; one that is not there, a remote URL,
    /// a kind of file the workbench cannot feed a channel, or a directive it cannot take is an error at it.
    static func read(_ source: SourceText, files: SourceFiles) throws(Diagnostic) -> VSCodeShaderToyDirectives? {
        var directives = VSCodeShaderToyDirectives()
        var found = false
        var inBlockComment = false
        for (index, text) in source.lines.enumerated() {
            let characters = Array(text)
            var rest = 0
            if !inBlockComment, var line = Line(characters, number: index + 1, in: source),
               let directive = try line.read(into: &directives, files: files) {
                found = true
                directives.spans.append((index + 1, directive.columns, directive.replacement))
                rest = directive.columns.upperBound
            }
            inBlockComment = Self.endsInBlockComment(characters[rest...], startingInside: inBlockComment)
        }
        return found ? directives : nil
    }

    /// The file `line` of `file` names for a channel (`#iChannel0 "photo.png"`), found beside `file` whether it is
    /// there or not: what a watcher follows, so creating it reloads. Nil for any other line, `"self"` and an address.
    package static func channelFile(in line: Substring, of file: String) -> String? {
        guard var parsed = Line(Array(line), number: 1, in: SourceText(path: file, text: String(line))),
              let (written, column) = parsed.channelPath() else { return nil }
        if case .file(let path) = parsed.resolve(written, at: column) { return path }
        return nil
    }

    /// `lines`, the text of the shader line for line, with every directive turned to spaces (a custom uniform's
    /// to its declaration).
    func blanking(_ lines: [String]) -> [String] {
        var result = lines
        for span in spans where result.indices.contains(span.line - 1) {
            var characters = Array(result[span.line - 1])
            let columns = span.columns.clamped(to: 0..<characters.count)
            let replacement = Array(span.replacement.prefix(columns.count))
            characters.replaceSubrange(columns, with: replacement + repeatElement(" ", count: columns.count - replacement.count))
            result[span.line - 1] = String(characters)
        }
        return result
    }

    /// Whether a `/* … */` comment is still open after `characters`, given whether one was open before them.
    private static func endsInBlockComment(_ characters: ArraySlice<Character>, startingInside: Bool) -> Bool {
        var inside = startingInside
        var index = characters.startIndex
        while index < characters.endIndex {
            let next = index + 1 < characters.endIndex ? characters[index + 1] : nil
            if inside {
                if characters[index] == "*" && next == "/" { inside = false; index += 1 }
            } else if characters[index] == "/" && next == "/" {
                return false
            } else if characters[index] == "/" && next == "*" {
                inside = true
                index += 1
            }
            index += 1
        }
        return inside
    }

    /// One line that may hold a directive, read from left to right.
    struct Line {
        let characters: [Character]
        let number: Int
        let source: SourceText
        var position: Int
        /// The column of `#`, where the directive starts.
        let start: Int

        /// Nil for a line that opens with no `#`.
        init?(_ characters: [Character], number: Int, in source: SourceText) {
            guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }), characters[first] == "#" else { return nil }
            self.characters = characters
            self.number = number
            self.source = source
            start = first
            position = first + 1
        }

        /// Reads the directive this line holds into `directives` and returns the characters it takes and what the
        /// driver is given there; nil for a line with another preprocessor directive (`#define`, `#include`, …).
        mutating func read(into directives: inout VSCodeShaderToyDirectives, files: SourceFiles) throws(Diagnostic) -> (columns: Range<Int>, replacement: String)? {
            skipBlanks()
            let keywordColumn = position
            let keyword = identifier()
            switch keyword {
            case "iKeyboard":
                directives.keyboardLine = (number, start + 1)
            case "StrictCompatibility":
                directives.isStrict = true
            case "iUniform":
                let uniform = try readUniform()
                directives.uniforms.append(uniform)
                return (start..<position, uniform.declaration)
            case "iVertex":
                throw error("#iVertex: a vertex shader of the extension's is not read here; its passes are drawn with the workbench's vertex stage", at: keywordColumn)
            case "iFirstPersonControls":
                throw error("#iFirstPersonControls: the extension's fly camera is not offered here; iViewMatrix stays the identity", at: keywordColumn)
            case let name where name.hasPrefix("iChannel"):
                guard let channel = Int(name.dropFirst("iChannel".count)), (0..<VSCodeShaderToyDirectives.channelCount).contains(channel) else {
                    throw error("#\(name): the extension's channels are iChannel0 to iChannel9", at: keywordColumn)
                }
                skipBlanks()
                if characters[position...].starts(with: [":", ":"]) {
                    position += 2
                    try readSetting(of: channel, into: &directives)
                } else {
                    let (path, pathColumn) = try string(after: "#\(name)")
                    directives.channels[channel] = Channel(number: channel, source: try channelSource(path, at: pathColumn, files: files),
                                                           location: location(pathColumn))
                }
            default:
                return nil
            }
            return (start..<position, "")
        }

        /// `::MinFilter "…"`, `::MagFilter "…"`, `::WrapMode "…"` or `::Type "…"`, after the channel's name.
        private mutating func readSetting(of channel: Int, into directives: inout VSCodeShaderToyDirectives) throws(Diagnostic) {
            skipBlanks()
            let settingColumn = position
            let setting = identifier()
            let (value, valueColumn) = try string(after: setting.isEmpty ? "::" : setting)
            var sampling = directives.samplings[channel] ?? Sampling()
            switch setting {
            case "MinFilter":
                guard let filter = Filter(rawValue: value) else {
                    throw error("MinFilter is one of \(Self.listed(Filter.allCases.map(\.rawValue))), not \"\(value)\"", at: valueColumn)
                }
                sampling.minFilter = filter
            case "MagFilter":
                guard let filter = Filter(rawValue: value), !filter.isMipmapped else {
                    throw error("MagFilter is \"Nearest\" or \"Linear\", not \"\(value)\"", at: valueColumn)
                }
                sampling.magFilter = filter
            case "WrapMode":
                guard let wrap = Wrap(rawValue: value) else {
                    throw error("WrapMode is one of \(Self.listed(Wrap.allCases.map(\.rawValue))), not \"\(value)\"", at: valueColumn)
                }
                sampling.wrap = wrap
            case "Type":
                guard value == "Texture2D" else {
                    throw error(value == "CubeMap" ? "a cube map cannot feed a channel here: the workbench's images are 2D textures"
                                    : "Type is \"Texture2D\" or \"CubeMap\", not \"\(value)\"", at: valueColumn)
                }
            default:
                throw error("a channel's setting is MinFilter, MagFilter, WrapMode or Type, not '\(setting)'", at: settingColumn)
            }
            directives.samplings[channel] = sampling
        }

        /// A channel's path as the extension reads it: `file://` dropped, either slash.
        enum Resolved {
            case ownPreviousFrame
            case address(scheme: String)
            case file(String)
        }

        /// What `written`, at `column`, names: `self` or the shader's own file, an address, or a file beside the
        /// file the line comes from.
        func resolve(_ written: String, at column: Int) -> Resolved {
            // The extension reads Windows paths with either slash.
            let path = String((written.hasPrefix("file://") ? written.dropFirst("file://".count) : Substring(written)).map { $0 == "\\" ? "/" : $0 })
            if path == "self" { return .ownPreviousFrame }
            if let scheme = path.firstRange(of: "://") { return .address(scheme: String(path[..<scheme.lowerBound])) }
            let found = FilePaths.join(FilePaths.directory(of: location(column).file), path)
            return FilePaths.absolute(found) == FilePaths.absolute(source.path) ? .ownPreviousFrame : .file(found)
        }

        /// `iChannelN "…"` after the `#`: the path as written and the column of its opening quote; nil for any
        /// other directive.
        mutating func channelPath() -> (String, Int)? {
            skipBlanks()
            let name = identifier()
            guard name.hasPrefix("iChannel"), Int(name.dropFirst("iChannel".count)) != nil else { return nil }
            return try? string(after: name)
        }

        /// What a channel's path names: its own last frame, or a file found beside the file the line comes from,
        /// told apart by its extension.
        private func channelSource(_ written: String, at column: Int, files: SourceFiles) throws(Diagnostic) -> Source {
            let found: String
            switch resolve(written, at: column) {
            case .ownPreviousFrame: return .ownPreviousFrame
            case .address(let scheme):
                throw error("\"\(written)\": the workbench reads no \(scheme) addresses; download the file and name it instead", at: column)
            case .file(let path): found = path
            }
            // The extension names a cube map's six faces with a wildcard, as "yokohama_{}.jpg".
            if found.contains("{}") {
                throw error("\"\(written)\" names a cube map's faces, and a cube map cannot feed a channel here: the workbench's images are 2D textures", at: column)
            }
            let fileExtension = FilePaths.fileExtension(of: found)
            let source: Source
            if Self.pictureExtensions.contains(fileExtension) {
                source = .picture(path: found)
            } else if FilePaths.isMovieFile(found) {
                source = .movie(path: found)
            } else if FilePaths.isShaderFile(found) {
                source = .shader(path: found)
            } else {
                let what = Self.soundExtensions.contains(fileExtension) ? "sound, which the workbench does not feed a channel"
                    : "not a picture (PNG, JPEG, TIFF, WebP), a movie or a shader file the workbench reads"
                throw error("\"\(written)\" is \(what)", at: column)
            }
            guard files.isRegularFile(found) else {
                throw error("no such file: \(FilePaths.absolute(found))", at: column, code: .unreadableFile)
            }
            return source
        }

        static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "webp"]
        static let soundExtensions: Set<String> = ["mp3", "wav", "ogg", "oga", "flac", "aac", "m4a", "opus", "weba"]

        private static func listed(_ words: [String]) -> String {
            words.dropLast().map { "\"\($0)\"" }.joined(separator: ", ") + " or \"\(words.last ?? "")\""
        }

        mutating func skipBlanks() {
            while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
        }

        mutating func identifier() -> String {
            let begin = position
            while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
                position += 1
            }
            return String(characters[begin..<position])
        }

        /// A string in double or single quotes after `what`, and the column of its opening quote.
        mutating func string(after what: String) throws(Diagnostic) -> (String, Int) {
            skipBlanks()
            let open = position
            guard open < characters.count, characters[open] == "\"" || characters[open] == "'",
                  let close = characters[(open + 1)...].firstIndex(of: characters[open]) else {
                throw error("\(what) takes its value in quotes: \(what) \"…\"", at: open)
            }
            position = close + 1
            return (String(characters[(open + 1)..<close]), open)
        }

        func location(_ index: Int) -> SourceLocation {
            source.location(line: number, column: index + 1)
        }

        func error(_ message: String, at index: Int, code: DiagnosticCode = .vsCodeShaderToyDirective) -> Diagnostic {
            source.error(message, line: number, column: index + 1, code: code)
        }
    }
}
