import Foundation
import ShaderLanguage

/// A ShaderToy page as the site exports it: the API's `Shader` object (`{"Shader": {…}}`, the object itself,
/// or an array holding one), its `info` and its `renderpass` list. Foundation decodes the JSON; `JSONLayout`
/// places every part, so a mistake is reported at its line and column in the page file.
public struct ShaderToyPage: Sendable {
    public enum PassKind: String, Sendable {
        case common, buffer, image, sound, cubemap
    }

    public struct Sampling: Sendable, Equatable {
        public var filter: InputSampling.Filter
        public var wrap: InputSampling.Wrap
        /// Whether the image's first row is its bottom, as the site uploads pictures unless told otherwise.
        public var verticallyFlipped: Bool
    }

    public struct Input: Sendable {
        public var channel: Int
        /// `ctype` (or `type` in older exports): buffer, texture, keyboard, webcam, video, music, …
        public var kind: String
        /// The asset or output it reads: a buffer's output id, a picture's id.
        public var id: String
        /// The asset's path on the site (`/media/a/….png`), for pictures and movies.
        public var source: String?
        /// Nil where the page gives no sampler: the site's default for the kind then applies.
        public var sampling: Sampling?
        public var location: SourceLocation
    }

    public struct Pass: Sendable {
        public var kind: PassKind
        public var name: String
        public var code: String
        public var inputs: [Input]
        /// The id of the first output: which buffer (A–D) a buffer pass draws.
        public var outputID: String?
        public var location: SourceLocation
    }

    public var name: String?
    public var passes: [Pass]
    public var location: SourceLocation

    /// Reads the page in `source`; every problem is a located diagnostic.
    public static func read(_ source: SourceText) throws(DiagnosticsError) -> ShaderToyPage {
        let characters = Array(source.text)
        let places = CharacterPlaces(characters)
        let layout: JSONLayout
        do {
            layout = try JSONLayout.scan(characters, document: "the page")
        } catch {
            let place = places.place(of: error.index)
            throw DiagnosticsError([source.error("not valid JSON: \(error.message)", line: place.line, column: place.column, code: .shaderToyPage)])
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(source.text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw DiagnosticsError([source.error("not valid JSON: \(error.localizedDescription)", line: 1, column: 1, code: .shaderToyPage)])
        }
        let reader = Reader(source: source, layout: layout, places: places)
        do {
            return try reader.page(from: object)
        } catch {
            throw DiagnosticsError([error])
        }
    }

    /// Line and column of each character of a text.
    struct CharacterPlaces {
        private var lineStarts: [Int] = [0]

        init(_ characters: [Character]) {
            for (index, character) in characters.enumerated() where character == "\n" {
                lineStarts.append(index + 1)
            }
        }

        func place(of index: Int) -> (line: Int, column: Int) {
            let line = lineStarts.lastIndex { $0 <= index } ?? 0
            return (line + 1, index - lineStarts[line] + 1)
        }
    }

    private struct Reader {
        typealias Path = [JSONLayout.Step]
        let source: SourceText
        let layout: JSONLayout
        let places: CharacterPlaces

        func location(of path: Path) -> SourceLocation {
            var path = path
            while !path.isEmpty, layout.values[path] == nil { path.removeLast() }
            let place = places.place(of: layout.values[path]?.start ?? 0)
            return source.location(line: place.line, column: place.column)
        }

        func error(_ message: String, at path: Path) -> Diagnostic {
            let place = location(of: path)
            return source.error(message, line: place.line, column: place.column, code: .shaderToyPage)
        }

        func page(from object: Any) throws(Diagnostic) -> ShaderToyPage {
            var path: Path = []
            var shader = object
            if let list = object as? [Any] {
                guard list.count == 1 else {
                    throw error("the page holds \(list.count) shaders; import them one at a time", at: path)
                }
                path.append(.index(0))
                shader = list[0]
            }
            if let wrapper = shader as? [String: Any], let inner = wrapper["Shader"] {
                path.append(.key("Shader"))
                shader = inner
            }
            guard let fields = shader as? [String: Any] else {
                throw error("a ShaderToy page is a JSON object with 'info' and 'renderpass', as the site exports a shader", at: path)
            }
            guard let passes = fields["renderpass"] as? [Any] else {
                throw error("a ShaderToy page needs a 'renderpass' list (the shader's tabs)", at: fields["renderpass"] == nil ? path : path + [.key("renderpass")])
            }
            let name = (fields["info"] as? [String: Any])?["name"] as? String
            var read: [Pass] = []
            for (index, pass) in passes.enumerated() {
                read.append(try self.pass(pass, at: path + [.key("renderpass"), .index(index)]))
            }
            return ShaderToyPage(name: name, passes: read, location: location(of: path))
        }

        func pass(_ value: Any, at path: Path) throws(Diagnostic) -> Pass {
            guard let fields = value as? [String: Any] else { throw error("a render pass is a JSON object", at: path) }
            let typeName = try string(fields, "type", at: path, what: "a render pass's 'type'")
            guard let kind = PassKind(rawValue: typeName) else {
                throw error("unknown render pass type '\(typeName)'; the site's are: common, buffer, image, sound, cubemap", at: path + [.key("type")])
            }
            let code = try string(fields, "code", at: path, what: "a render pass's 'code'")
            let name = fields["name"] as? String ?? typeName
            var inputs: [Input] = []
            if let list = fields["inputs"] {
                guard let list = list as? [Any] else { throw error("'inputs' is a list", at: path + [.key("inputs")]) }
                for (index, input) in list.enumerated() {
                    inputs.append(try self.input(input, at: path + [.key("inputs"), .index(index)]))
                }
            }
            let outputs = fields["outputs"] as? [Any] ?? []
            let outputID = (outputs.first as? [String: Any]).flatMap { Self.identifier($0["id"]) }
            return Pass(kind: kind, name: name, code: code, inputs: inputs, outputID: outputID, location: location(of: path))
        }

        func input(_ value: Any, at path: Path) throws(Diagnostic) -> Input {
            guard let fields = value as? [String: Any] else { throw error("an input is a JSON object", at: path) }
            guard let channel = (fields["channel"] as? NSNumber)?.intValue, (0...3).contains(channel) else {
                throw error("an input's 'channel' is 0, 1, 2 or 3 (iChannel0 … iChannel3)", at: path + [.key("channel")])
            }
            guard let kind = (fields["ctype"] ?? fields["type"]) as? String else {
                throw error("an input needs its 'ctype' (buffer, texture, keyboard, webcam, video, …)", at: path)
            }
            let id = Self.identifier(fields["id"]) ?? ""
            let sourcePath = (fields["src"] ?? fields["filepath"]) as? String
            var sampling: Sampling?
            if let sampler = fields["sampler"] {
                sampling = try self.sampling(sampler, at: path + [.key("sampler")])
            }
            return Input(channel: channel, kind: kind, id: id, source: sourcePath, sampling: sampling, location: location(of: path))
        }

        func sampling(_ value: Any, at path: Path) throws(Diagnostic) -> Sampling {
            guard let fields = value as? [String: Any] else { throw error("a 'sampler' is a JSON object", at: path) }
            let filterName = fields["filter"] as? String ?? "linear"
            guard let filter = InputSampling.Filter(rawValue: filterName) else {
                throw error("unknown filter '\(filterName)'; the site's are: nearest, linear, mipmap", at: path + [.key("filter")])
            }
            let wrapName = fields["wrap"] as? String ?? "clamp"
            guard let wrap = InputSampling.Wrap(rawValue: wrapName), wrap != .mirror else {
                throw error("unknown wrap '\(wrapName)'; the site's are: clamp, repeat", at: path + [.key("wrap")])
            }
            // The site writes booleans as strings ("true"); JSON's own are taken too.
            let vflip = fields["vflip"].map { "\($0)" == "true" || ($0 as? NSNumber)?.boolValue == true } ?? true
            return Sampling(filter: filter, wrap: wrap, verticallyFlipped: vflip)
        }

        func string(_ fields: [String: Any], _ key: String, at path: Path, what: String) throws(Diagnostic) -> String {
            guard let value = fields[key] else { throw error("\(what) is missing", at: path) }
            guard let text = value as? String else { throw error("\(what) is a string", at: path + [.key(key)]) }
            return text
        }

        /// An id as the site writes it: a string (`4dXGR8`) or, in some exports, a number (257).
        static func identifier(_ value: Any?) -> String? {
            if let text = value as? String { return text }
            if let number = value as? NSNumber { return number.stringValue }
            return nil
        }
    }
}
