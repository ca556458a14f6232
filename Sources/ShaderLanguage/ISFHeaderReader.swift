import Foundation

/// Reads the JSON header of an ISF file into an `ISFHeader`. Foundation decodes the JSON; `JSONLayout`
/// finds where each part is written, so every mistake (malformed JSON, a missing NAME, an unknown TYPE, a
/// DEFAULT with the wrong number of components) is reported at its line and column in the user's file.
struct ISFHeaderReader {
    let source: SourceText
    let text: ISFHeaderText
    let layout: JSONLayout

    /// The header of `source`; nil when the file has none (it is then not ISF).
    static func read(_ source: SourceText) throws(Diagnostic) -> ISFHeader? {
        guard let text = ISFHeaderText.first(in: source) else { return nil }
        let (reader, object) = try parsed(source, text: text)
        return try reader.header(from: object)
    }

    /// The header's JSON, decoded, with a reader that locates each part of it.
    static func parsed(_ source: SourceText, text: ISFHeaderText) throws(Diagnostic) -> (ISFHeaderReader, Any) {
        let layout: JSONLayout
        do {
            layout = try JSONLayout.scan(text.characters, document: "the header")
        } catch {
            let place = text.place(of: error.index)
            throw source.error("ISF header: \(error.message)", line: place.line, column: place.column, code: .isfJSON)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.text.utf8))
        } catch {
            throw foundationError(error, text: text, source: source)
        }
        return (ISFHeaderReader(source: source, text: text, layout: layout), object)
    }

    /// A failure only Foundation saw, at the byte offset it names ("… around character 25."), else at the
    /// header's start.
    private static func foundationError(_ error: Error, text: ISFHeaderText, source: SourceText) -> Diagnostic {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var index = 0
        var message = detail
        if let range = detail.range(of: #" around character (\d+)\.?"#, options: .regularExpression) {
            let digits = detail[range].filter(\.isNumber)
            index = text.index(ofByteOffset: Int(digits) ?? 0)
            message.removeSubrange(range)
        }
        let place = text.place(of: index)
        return source.error("ISF header is not valid JSON: \(message)", line: place.line, column: place.column, code: .isfJSON)
    }

    // MARK: Locations

    typealias Path = [JSONLayout.Step]

    /// Where the value at `path` starts, or the nearest enclosing value the layout knows.
    func location(of path: Path) -> SourceLocation {
        var path = path
        while !path.isEmpty, layout.values[path] == nil { path.removeLast() }
        return location(ofCharacter: layout.values[path]?.start ?? 0)
    }

    /// Where the key of the member at `path` starts (its opening quote).
    func keyLocation(of path: Path) -> SourceLocation {
        layout.keys[path].map(location(ofCharacter:)) ?? location(of: path)
    }

    /// Where a string value's text starts, inside its quotes.
    func textLocation(of path: Path) -> SourceLocation {
        let start = location(of: path)
        return kind(at: path) == .string ? source.location(line: start.line, column: start.column + 1) : start
    }

    /// Where a name is written: a string value's text, or for a member named by its key, the key's text.
    func nameLocation(of path: Path) -> SourceLocation {
        if kind(at: path) == .string { return textLocation(of: path) }
        let key = keyLocation(of: path)
        return source.location(line: key.line, column: key.column + 1)
    }

    func location(ofCharacter index: Int) -> SourceLocation {
        let place = text.place(of: index)
        return source.location(line: place.line, column: place.column)
    }

    func error(_ message: String, at path: Path) -> Diagnostic {
        error(message, at: location(of: path))
    }

    func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        source.error(message, line: location.line, column: location.column, code: .isfHeader)
    }

    func kind(at path: Path) -> JSONLayout.Kind? {
        layout.values[path]?.kind
    }

    // MARK: The header

    func header(from object: Any) throws(Diagnostic) -> ISFHeader {
        guard kind(at: []) == .object, let top = object as? [String: Any] else {
            throw error("the ISF header must be a JSON object { … }", at: [])
        }
        if let mode = top["MODE"] as? String, mode.uppercased() == "COMPUTE_SHADER" {
            // ossia score's compute shaders run as compute nodes; read as a fragment shader, the body's first compute
            // word would be the error.
            throw error("this is a Compute Shader Format file (\"MODE\": \"COMPUTE_SHADER\"): a compute kernel, which runs as a compute node "
                        + "(kind: compute, or opened on its own), not where a fragment shader is read", at: [.key("MODE")])
        }
        var header = ISFHeader()
        header.specificationVersion = try versionString(top["ISFVSN"], at: [.key("ISFVSN")])
        header.description = try string(top["DESCRIPTION"], at: [.key("DESCRIPTION")], what: "DESCRIPTION")
        header.credit = try string(top["CREDIT"], at: [.key("CREDIT")], what: "CREDIT")
        header.categories = try strings(top["CATEGORIES"], at: [.key("CATEGORIES")], what: "CATEGORIES") ?? []
        if let inputs = top["INPUTS"] {
            for (index, entry) in try list(inputs, at: [.key("INPUTS")], what: "INPUTS", of: "inputs").enumerated() {
                header.inputs.append(try input(entry, at: [.key("INPUTS"), .index(index)], declared: header.inputs))
            }
        }
        if let passes = top["PASSES"] {
            let path: Path = [.key("PASSES")]
            header.passesLocation = keyLocation(of: path)
            for (index, entry) in try list(passes, at: path, what: "PASSES", of: "passes").enumerated() {
                header.passes.append(try pass(entry, at: path + [.index(index)], inputs: header.inputs))
            }
        }
        if let imported = top["IMPORTED"] {
            let path: Path = [.key("IMPORTED")]
            header.importedLocation = keyLocation(of: path)
            let targets = header.passes.compactMap { pass in pass.target.map { ($0, pass.targetLocation ?? pass.location) } }
            header.imported = try importedImages(imported, at: path, taken: header.inputs.map { ($0.name, $0.location) } + targets)
        }
        return header
    }

    // Descriptive keys written as `null` (as some published files have them) count as absent.
    private func versionString(_ value: Any?, at path: Path) throws(Diagnostic) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        if kind(at: path) == .number, let number = value as? NSNumber { return number.stringValue }
        guard kind(at: path) == .string, let text = value as? String else {
            throw error("ISFVSN must be a version string such as \"2.0\"", at: path)
        }
        return text
    }

    func string(_ value: Any?, at path: Path, what: String) throws(Diagnostic) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard kind(at: path) == .string, let text = value as? String else {
            throw error("\(what) must be a string in double quotes", at: path)
        }
        return text
    }

    private func strings(_ value: Any?, at path: Path, what: String) throws(Diagnostic) -> [String]? {
        guard let value, !(value is NSNull) else { return nil }
        guard kind(at: path) == .array, let items = value as? [Any] else {
            throw error("\(what) must be a list of strings [\"…\", …]", at: path)
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = try string(item, at: path + [.index(index)], what: "each item of \(what)") else { continue }
            result.append(text)
        }
        return result
    }

    func list(_ value: Any, at path: Path, what: String, of entries: String) throws(Diagnostic) -> [Any] {
        guard kind(at: path) == .array, let items = value as? [Any] else {
            throw error("\(what) must be a list of \(entries) [ { … }, … ]", at: path)
        }
        return items
    }

    func object(_ value: Any, at path: Path, what: String) throws(Diagnostic) -> [String: Any] {
        guard kind(at: path) == .object, let members = value as? [String: Any] else {
            throw error("\(what) must be an object { … }", at: path)
        }
        return members
    }

    // MARK: INPUTS

    func input(_ entry: Any, at path: Path, declared: [ISFInput]) throws(Diagnostic) -> ISFInput {
        let members = try object(entry, at: path, what: "each entry of INPUTS")
        guard let nameValue = members["NAME"] else {
            throw error("this input has no NAME; every input needs \"NAME\" and \"TYPE\"", at: path)
        }
        let namePath = path + [.key("NAME")]
        guard let name = try string(nameValue, at: namePath, what: "NAME") else { throw error("NAME is missing", at: path) }
        try checkName(name, at: namePath, what: "an input", taken: declared.map { ($0.name, $0.location) })
        guard let typeValue = members["TYPE"] else {
            throw error("input '\(name)' has no TYPE; use one of \(Self.typeList)", at: path)
        }
        let typePath = path + [.key("TYPE")]
        guard let typeName = try string(typeValue, at: typePath, what: "TYPE") else { throw error("TYPE is missing", at: path) }
        guard let kind = ISFInput.Kind(typeName: typeName) else {
            if let reason = ISFInput.Kind.refusal(of: typeName) {
                throw error("input '\(name)' has TYPE '\(typeName)', which \(reason)", at: typePath)
            }
            let hint = Spelling.closest(to: typeName, among: ISFInput.Kind.allCases.map(\.rawValue)).map { "; did you mean \($0)?" }
                ?? "; use one of \(Self.typeList)"
            throw error("input '\(name)' has unknown TYPE '\(typeName)'\(hint)", at: typePath)
        }
        var input = ISFInput(name: name, kind: kind, location: nameLocation(of: namePath))
        input.label = try string(members["LABEL"], at: path + [.key("LABEL")], what: "LABEL")
        if let count = kind.componentCount {
            input.defaultValue = try numbers(members["DEFAULT"], key: "DEFAULT", of: input, count: count, at: path)
            input.minimum = try numbers(members["MIN"], key: "MIN", of: input, count: count, at: path)
            input.maximum = try numbers(members["MAX"], key: "MAX", of: input, count: count, at: path)
            input.identity = try numbers(members["IDENTITY"], key: "IDENTITY", of: input, count: count, at: path)
        }
        if kind == .long {
            try readMenu(of: &input, members: members, at: path)
        }
        if kind.isSound {
            input.soundLength = try soundLength(members["MAX"], of: input, at: path + [.key("MAX")])
        }
        return input
    }

    static let typeList = ISFInput.Kind.allCases.map(\.rawValue).joined(separator: ", ")

    /// The widest sound image: two seconds of samples at 48 kHz is more than any visualiser draws.
    static let longestSound = 96_000

    /// An audio or audioFFT input's MAX: how many samples or bins its image holds at most.
    private func soundLength(_ value: Any?, of input: ISFInput, at path: Path) throws(Diagnostic) -> Int? {
        guard let value else { return nil }
        let what = input.kind == .audio ? "samples" : "frequency bins"
        guard kind(at: path) == .number, let number = (value as? NSNumber)?.doubleValue, number == number.rounded(),
              number >= 1, number <= Double(Self.longestSound) else {
            throw error("MAX of \(input.kind.rawValue) input '\(input.name)' is how many \(what) its image holds, a whole number from 1 to \(Self.longestSound)", at: path)
        }
        return Int(number)
    }

    /// DEFAULT, MIN, MAX or IDENTITY: one number for a scalar (true or false for a bool or event), a list of
    /// `count` numbers for a point2D, a point3D or a color.
    private func numbers(_ value: Any?, key: String, of input: ISFInput, count: Int, at inputPath: Path) throws(Diagnostic) -> [Float]? {
        guard let value else { return nil }
        let path = inputPath + [.key(key)]
        let kindName = input.kind.rawValue
        if count > 1 {
            let shape = switch input.kind {
            case .color: "[r, g, b, a]"
            case .point3D: "[x, y, z]"
            default: "[x, y]"
            }
            guard kind(at: path) == .array, let items = value as? [Any] else {
                throw error("\(key) of \(kindName) input '\(input.name)' must be a list of \(count) numbers \(shape)", at: path)
            }
            guard items.count == count else {
                throw error("\(key) of \(kindName) input '\(input.name)' needs \(count) numbers \(shape), found \(items.count)", at: path)
            }
            var result: [Float] = []
            for (index, item) in items.enumerated() {
                let itemPath = path + [.index(index)]
                guard kind(at: itemPath) == .number, let number = item as? NSNumber else {
                    throw error("\(key) of \(kindName) input '\(input.name)' must hold numbers only", at: itemPath)
                }
                result.append(number.floatValue)
            }
            return result
        }
        switch (input.kind, kind(at: path)) {
        case (.bool, .boolean), (.event, .boolean):
            return [(value as? Bool ?? false) ? 1 : 0]
        case (.bool, .number), (.event, .number):
            return [(value as? NSNumber)?.doubleValue ?? 0 != 0 ? 1 : 0]
        case (.long, .number):
            let number = (value as? NSNumber)?.doubleValue ?? 0
            guard number == number.rounded() else {
                throw error("\(key) of long input '\(input.name)' must be a whole number, found \(number)", at: path)
            }
            return [Float(number)]
        case (.float, .number):
            return [(value as? NSNumber)?.floatValue ?? 0]
        case (.bool, _), (.event, _):
            throw error("\(key) of \(kindName) input '\(input.name)' must be true or false", at: path)
        default:
            throw error("\(key) of \(kindName) input '\(input.name)' must be a number", at: path)
        }
    }

    /// A long's VALUES and LABELS, which must pair up.
    private func readMenu(of input: inout ISFInput, members: [String: Any], at path: Path) throws(Diagnostic) {
        let valuesPath = path + [.key("VALUES")]
        if let value = members["VALUES"] {
            guard kind(at: valuesPath) == .array, let items = value as? [Any] else {
                throw error("VALUES of long input '\(input.name)' must be a list of whole numbers", at: valuesPath)
            }
            var values: [Int] = []
            for (index, item) in items.enumerated() {
                let itemPath = valuesPath + [.index(index)]
                guard kind(at: itemPath) == .number, let number = (item as? NSNumber)?.doubleValue, number == number.rounded(),
                      abs(number) <= Double(Int32.max) else {
                    throw error("VALUES of long input '\(input.name)' must hold whole numbers only", at: itemPath)
                }
                values.append(Int(number))
            }
            input.values = values
        }
        let labelsPath = path + [.key("LABELS")]
        input.labels = try strings(members["LABELS"], at: labelsPath, what: "LABELS")
        if let labels = input.labels {
            guard let values = input.values else {
                throw error("LABELS of long input '\(input.name)' need VALUES: the number each label stands for", at: labelsPath)
            }
            guard labels.count == values.count else {
                throw error("long input '\(input.name)' has \(values.count) VALUES but \(labels.count) LABELS; they pair up one to one", at: labelsPath)
            }
        }
    }

    // MARK: PASSES

    private func pass(_ entry: Any, at path: Path, inputs: [ISFInput]) throws(Diagnostic) -> ISFPass {
        let members = try object(entry, at: path, what: "each entry of PASSES")
        var pass = ISFPass(isPersistent: false, isFloat: false, location: location(of: path))
        let targetPath = path + [.key("TARGET")]
        if let target = try string(members["TARGET"], at: targetPath, what: "TARGET") {
            try checkName(target, at: targetPath, what: "a pass target", taken: inputs.map { ($0.name, $0.location) })
            pass.target = target
            pass.targetLocation = nameLocation(of: targetPath)
        }
        pass.isPersistent = try flag(members["PERSISTENT"], at: path + [.key("PERSISTENT")], what: "PERSISTENT")
        pass.isFloat = try flag(members["FLOAT"], at: path + [.key("FLOAT")], what: "FLOAT")
        let numberInputs = inputs.filter(\.kind.isNumber).map(\.name)
        pass.width = try sizeExpression(members["WIDTH"], at: path + [.key("WIDTH")], what: "WIDTH", inputs: numberInputs)
        pass.height = try sizeExpression(members["HEIGHT"], at: path + [.key("HEIGHT")], what: "HEIGHT", inputs: numberInputs)
        return pass
    }

    /// PERSISTENT or FLOAT: true, false, a number (positive means true), or one of those as a string.
    private func flag(_ value: Any?, at path: Path, what: String) throws(Diagnostic) -> Bool {
        guard let value else { return false }
        switch kind(at: path) {
        case .boolean: return value as? Bool ?? false
        case .number: return ((value as? NSNumber)?.doubleValue ?? 0) > 0
        case .string:
            switch (value as? String ?? "").lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: break
            }
        default: break
        }
        throw error("\(what) must be true or false", at: path)
    }

    /// WIDTH or HEIGHT: an expression in a string, or a plain number of pixels.
    func sizeExpression(_ value: Any?, at path: Path, what: String, inputs: [String]) throws(Diagnostic) -> ISFSizeExpression? {
        guard let value else { return nil }
        let expression: String
        switch kind(at: path) {
        case .string:
            expression = value as? String ?? ""
        case .number:
            let number = (value as? NSNumber)?.doubleValue ?? 0
            expression = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default:
            throw error("\(what) must be a size expression in a string, such as \"$WIDTH / 2.0\"", at: path)
        }
        do {
            return try ISFSizeExpression(parsing: expression, inputs: inputs)
        } catch {
            let start = textLocation(of: path)
            throw self.error("\(what): \(error.message)", at: source.location(line: start.line, column: start.column + error.offset))
        }
    }

    // MARK: IMPORTED

    /// `{ "name": { "PATH": "file.png" }, … }`, or the list form `[ { "NAME": "name", "PATH": "file.png" }, … ]`.
    private func importedImages(_ value: Any, at path: Path, taken: [(String, SourceLocation)]) throws(Diagnostic) -> [ISFImportedImage] {
        var entries: [(name: String, namePath: Path, description: Any, path: Path)] = []
        switch kind(at: path) {
        case .object:
            let members = try object(value, at: path, what: "IMPORTED")
            // In the order they are written, which Foundation's dictionary does not keep.
            for (name, description) in members.sorted(by: { (layout.keys[path + [.key($0.key)]] ?? 0) < (layout.keys[path + [.key($1.key)]] ?? 0) }) {
                let memberPath = path + [.key(name)]
                entries.append((name, memberPath, description, memberPath))
            }
        case .array:
            for (index, item) in try list(value, at: path, what: "IMPORTED", of: "images").enumerated() {
                let itemPath = path + [.index(index)]
                let members = try object(item, at: itemPath, what: "each entry of IMPORTED")
                let namePath = itemPath + [.key("NAME")]
                guard let name = try string(members["NAME"], at: namePath, what: "NAME") else {
                    throw error("this imported image has no NAME", at: itemPath)
                }
                entries.append((name, namePath, item, itemPath))
            }
        default:
            throw error("IMPORTED must be an object { \"name\": { \"PATH\": \"image.png\" }, … }", at: path)
        }
        var images: [ISFImportedImage] = []
        for entry in entries {
            try checkName(entry.name, at: entry.namePath, what: "an imported image",
                          taken: taken + images.map { ($0.name, $0.location) })
            let members = try object(entry.description, at: entry.path, what: "imported image '\(entry.name)'")
            // VVISF's only TYPE here is cube: six images made one cube map.
            let typePath = entry.path + [.key("TYPE")]
            if let type = try string(members["TYPE"], at: typePath, what: "TYPE"), let reason = ISFInput.Kind.refusal(of: type) {
                throw error("imported image '\(entry.name)' has TYPE '\(type)', which \(reason)", at: typePath)
            }
            let filePath = entry.path + [.key("PATH")]
            guard let file = try string(members["PATH"], at: filePath, what: "PATH"), !file.isEmpty else {
                throw error("imported image '\(entry.name)' needs a PATH to an image file", at: entry.path)
            }
            images.append(ISFImportedImage(name: entry.name, path: FilePaths.join(FilePaths.directory(of: source.path), file),
                                           location: nameLocation(of: entry.namePath)))
        }
        return images
    }

    // MARK: Names

    /// A NAME or TARGET becomes a GLSL identifier in the prelude: it must be one, and not one the prelude or
    /// GLSL already uses.
    func checkName(_ name: String, at path: Path, what: String, taken: [(String, SourceLocation)]) throws(Diagnostic) {
        func nameError(_ message: String) -> Diagnostic {
            error(message, at: nameLocation(of: path))
        }
        let characters = Array(name)
        guard let first = characters.first, first.isASCII, first.isLetter || first == "_",
              characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw nameError("'\(name)' cannot name \(what): use letters, digits and _, starting with a letter")
        }
        if ISFDialect.builtInNames.contains(name) {
            throw nameError("'\(name)' is an ISF built-in; choose another name for \(what)")
        }
        if name.hasPrefix("gl_") || name.contains("__") || ISFDialect.reservedWords.contains(name) || name.hasPrefix(ISFDialect.internalPrefix) {
            throw nameError("'\(name)' is reserved in GLSL; choose another name for \(what)")
        }
        if let (_, earlier) = taken.first(where: { $0.0 == name }) {
            throw nameError("'\(name)' is already declared at line \(earlier.line)")
        }
    }
}
