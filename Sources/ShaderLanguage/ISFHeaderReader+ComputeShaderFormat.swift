import Foundation

/// Reading a Compute Shader Format header (`ComputeShaderFormat`): the same JSON, located the same way, as an
/// ISF header, with RESOURCES and compute PASSES in place of ISF's inputs and render passes.
extension ISFHeaderReader {
    /// The header of `source` when its MODE is COMPUTE_SHADER; nil when it has no header or another mode.
    static func readComputeShaderFormat(_ source: SourceText) throws(Diagnostic) -> ComputeShaderFormat? {
        guard let text = ISFHeaderText.first(in: source), text.text.uppercased().contains("COMPUTE_SHADER") else { return nil }
        let (reader, object) = try parsed(source, text: text)
        guard let top = object as? [String: Any], let mode = top["MODE"] as? String, mode.uppercased() == "COMPUTE_SHADER" else { return nil }
        return try reader.computeShaderFormat(top)
    }

    static let resourceTypes = ["image", "texture", "storage"] + ISFInput.Kind.allCases.filter { $0.componentCount != nil }.map(\.rawValue)
    static let imageFormats = ["rgba8", "rgba16f", "rgba32f", "r32f", "r32ui"]
    static let executionModels = ["2D_IMAGE", "MANUAL", "1D_BUFFER"]

    private func computeShaderFormat(_ top: [String: Any]) throws(Diagnostic) -> ComputeShaderFormat {
        var resources: [ComputeShaderFormat.Resource] = []
        var controls: [ISFInput] = []
        for key in ["RESOURCES", "INPUTS"] {
            guard let entries = top[key] else { continue }
            for (index, entry) in try list(entries, at: [.key(key)], what: key, of: "resources").enumerated() {
                let path: Path = [.key(key), .index(index)]
                let resource = try resource(entry, at: path, taken: resources.map { ($0.name, $0.location) }, controls: controls)
                if case .control(let input) = resource.kind { controls.append(input) }
                resources.append(resource)
            }
        }
        guard let passEntries = top["PASSES"] else {
            throw error("a compute shader needs PASSES: [ { \"LOCAL_SIZE\": [16, 16, 1], \"EXECUTION_MODEL\": { \"TYPE\": \"2D_IMAGE\" } } ]", at: [])
        }
        let passList = try list(passEntries, at: [.key("PASSES")], what: "PASSES", of: "passes")
        guard !passList.isEmpty else { throw error("PASSES is empty; a compute shader runs at least one pass", at: [.key("PASSES")]) }
        let passes = try passList.enumerated().map { index, entry throws(Diagnostic) in try pass(entry, at: [.key("PASSES"), .index(index)]) }
        let end = text.place(of: text.characters.count)
        // `end` is where the `*/` starts: the body is what follows it.
        return ComputeShaderFormat(resources: resources, passes: passes, bodyLine: end.line, bodyColumn: end.column + 1, source: source)
    }

    private func resource(_ entry: Any, at path: Path, taken: [(String, SourceLocation)], controls: [ISFInput]) throws(Diagnostic) -> ComputeShaderFormat.Resource {
        let members = try object(entry, at: path, what: "each resource")
        guard let typeValue = members["TYPE"], let type = try string(typeValue, at: path + [.key("TYPE")], what: "TYPE")?.lowercased() else {
            throw error("this resource has no TYPE; use one of \(Self.resourceTypes.joined(separator: ", "))", at: path)
        }
        switch type {
        case "image", "texture", "storage":
            guard let nameValue = members["NAME"], let name = try string(nameValue, at: path + [.key("NAME")], what: "NAME") else {
                throw error("this \(type) has no NAME", at: path)
            }
            try checkName(name, at: path + [.key("NAME")], what: "a resource", taken: taken)
            let location = nameLocation(of: path + [.key("NAME")])
            if type == "texture" { return .init(name: name, kind: .texture, location: location) }
            let access = try imageAccess(members["ACCESS"], at: path + [.key("ACCESS")], of: name)
            if type == "storage" { return .init(name: name, kind: try storage(members, at: path, name: name, access: access), location: location) }
            let format = try imageFormat(members["FORMAT"], at: path + [.key("FORMAT")], of: name)
            let sizeNames = taken.map(\.0).flatMap { ["WIDTH_\($0)", "HEIGHT_\($0)"] } + controls.filter { $0.kind.componentCount == 1 }.map(\.name)
            let width = try sizeExpression(members["WIDTH"], at: path + [.key("WIDTH")], what: "WIDTH", inputs: sizeNames)
            let height = try sizeExpression(members["HEIGHT"], at: path + [.key("HEIGHT")], what: "HEIGHT", inputs: sizeNames)
            for key in ["DEPTH", "DIMENSIONS"] where members[key] != nil {
                throw error("image '\(name)' has \(key): a 3D image, which the workbench's 2D images cannot hold", at: path + [.key(key)])
            }
            return .init(name: name, kind: .image(access: access, format: format, width: width, height: height), location: location)
        case "geometry":
            throw error("a geometry resource is not read here: the workbench runs a CSF file's images, textures, storage and controls",
                        at: path + [.key("TYPE")])
        default:
            var input = try input(entry, at: path, declared: controls)
            // ossia score's controls with no MIN, MAX or DEFAULT span 0 to 1, points too (ISF's are in pixels).
            if let count = input.kind.componentCount, input.minimum == nil, input.maximum == nil, input.defaultValue == nil,
               [.float, .point2D, .point3D, .color].contains(input.kind) {
                input.minimum = Array(repeating: 0, count: count)
                input.maximum = Array(repeating: 1, count: count)
            }
            guard input.kind.componentCount != nil else {
                throw error("resource '\(input.name)' has TYPE '\(type)'; a compute shader's resources are \(Self.resourceTypes.joined(separator: ", "))",
                            at: path + [.key("TYPE")])
            }
            try checkName(input.name, at: path + [.key("NAME")], what: "a resource", taken: taken)
            return .init(name: input.name, kind: .control(input), location: input.location)
        }
    }

    /// A storage resource's LAYOUT (`[{ "NAME": "positions", "TYPE": "vec4[]" }, …]`, only the last an array of no
    /// stated length) and SIZE, that array's length.
    private func storage(_ members: [String: Any], at path: Path, name: String, access: ComputeInterface.Access) throws(Diagnostic) -> ComputeShaderFormat.Resource.Kind {
        guard let layoutValue = members["LAYOUT"] else {
            throw error("storage '\(name)' has no LAYOUT: [ { \"NAME\": \"positions\", \"TYPE\": \"vec4[]\" } ]", at: path)
        }
        let layoutPath = path + [.key("LAYOUT")]
        let entries = try list(layoutValue, at: layoutPath, what: "LAYOUT", of: "members")
        guard !entries.isEmpty else { throw error("storage '\(name)' has an empty LAYOUT", at: layoutPath) }
        var fields: [(name: String, type: String)] = []
        for (index, entry) in entries.enumerated() {
            let fieldPath = layoutPath + [.index(index)]
            let field = try object(entry, at: fieldPath, what: "each LAYOUT member")
            guard let fieldName = try string(field["NAME"], at: fieldPath + [.key("NAME")], what: "NAME"),
                  let fieldType = try string(field["TYPE"], at: fieldPath + [.key("TYPE")], what: "TYPE") else {
                throw error("each LAYOUT member has a NAME and a TYPE", at: fieldPath)
            }
            try checkName(fieldName, at: fieldPath + [.key("NAME")], what: "a member", taken: fields.map { ($0.name, location(of: layoutPath)) })
            let base = fieldType.prefix { $0 != "[" }
            let suffix = fieldType.dropFirst(base.count)
            guard StorageLayout.Element.byName[String(base)] != nil, suffix.isEmpty || suffix == "[]" || Self.isFixedArray(suffix) else {
                throw error("LAYOUT member '\(fieldName)' has TYPE '\(fieldType)'; a member is a scalar or vector type (float, uint, vec4, …), "
                            + "an array of one (vec4[8]) or, last, one of no stated length (vec4[])", at: fieldPath + [.key("TYPE")])
            }
            if suffix == "[]", index != entries.count - 1 {
                throw error("LAYOUT member '\(fieldName)' is an array of no stated length, which only the last member may be", at: fieldPath + [.key("TYPE")])
            }
            fields.append((fieldName, fieldType))
        }
        var size: Int?
        if let sizeValue = members["SIZE"] {
            let number = (sizeValue as? NSNumber)?.doubleValue ?? (sizeValue as? String).flatMap(Double.init)
            guard let number, number >= 1, number == number.rounded(), number <= Double(Int32.max) else {
                throw error("storage '\(name)': SIZE is a whole number of elements, 1 or more", at: path + [.key("SIZE")])
            }
            size = Int(number)
        }
        return .storage(access: access, members: fields, size: size)
    }

    private static func isFixedArray(_ suffix: Substring) -> Bool {
        suffix.hasPrefix("[") && suffix.hasSuffix("]") && Int(suffix.dropFirst().dropLast()).map { $0 > 0 } == true
    }

    private func imageAccess(_ value: Any?, at path: Path, of name: String) throws(Diagnostic) -> ComputeInterface.Access {
        guard let value else { return .readWrite }
        switch try string(value, at: path, what: "ACCESS") {
        case "read_only": return .readOnly
        case "write_only": return .writeOnly
        case "read_write": return .readWrite
        default: throw error("image '\(name)': ACCESS is \"read_only\", \"write_only\" or \"read_write\"", at: path)
        }
    }

    private func imageFormat(_ value: Any?, at path: Path, of name: String) throws(Diagnostic) -> String {
        guard let value else { return "rgba8" }
        let format = (try string(value, at: path, what: "FORMAT") ?? "").lowercased()
        guard Self.imageFormats.contains(format) else {
            throw error("image '\(name)' has FORMAT '\(format)', which a compute node's image cannot have; use one of \(Self.imageFormats.joined(separator: ", "))", at: path)
        }
        return format
    }

    private func pass(_ entry: Any, at path: Path) throws(Diagnostic) -> ComputeShaderFormat.Pass {
        let members = try object(entry, at: path, what: "each pass")
        let localSize = try counts(members["LOCAL_SIZE"], at: path + [.key("LOCAL_SIZE")], what: "LOCAL_SIZE") ?? [16, 16, 1]
        var model = ComputeShaderFormat.ExecutionModel.image2D(stride: [1, 1])
        if let modelValue = members["EXECUTION_MODEL"] {
            let modelPath = path + [.key("EXECUTION_MODEL")]
            let fields = try object(modelValue, at: modelPath, what: "EXECUTION_MODEL")
            let type = try string(fields["TYPE"], at: modelPath + [.key("TYPE")], what: "TYPE") ?? "2D_IMAGE"
            switch type {
            case "2D_IMAGE":
                let stride = try ["STRIDE_X", "STRIDE_Y"].map { key throws(Diagnostic) in
                    try counts(fields[key].map { [$0] }, at: modelPath + [.key(key)], what: key, length: 1)?[0] ?? 1
                }
                model = .image2D(stride: stride)
            case "1D_BUFFER":
                let stride = try counts(fields["STRIDE_X"].map { [$0] }, at: modelPath + [.key("STRIDE_X")], what: "STRIDE_X", length: 1)?[0] ?? 1
                model = .buffer1D(target: try string(fields["TARGET"], at: modelPath + [.key("TARGET")], what: "TARGET"), stride: stride)
            case "MANUAL":
                guard let groups = try counts(fields["WORKGROUPS"], at: modelPath + [.key("WORKGROUPS")], what: "WORKGROUPS") else {
                    throw error("a MANUAL pass says how many work groups it runs: \"WORKGROUPS\": [X, Y, Z]", at: modelPath)
                }
                model = .manual(groups)
            default:
                throw error("EXECUTION_MODEL TYPE '\(type)' is not run here; the workbench runs \(Self.executionModels.joined(separator: " and ")) passes",
                            at: modelPath + [.key("TYPE")])
            }
        }
        return .init(localSize: localSize, model: model, location: location(of: path))
    }

    /// `[X, Y, Z]` whole numbers of 1 or more (`length` of them).
    private func counts(_ value: Any?, at path: Path, what: String, length: Int = 3) throws(Diagnostic) -> [Int]? {
        guard let value else { return nil }
        let items = length == 1 ? [value] : (value as? [Any] ?? [])
        let numbers = items.compactMap { ($0 as? NSNumber).flatMap { $0.doubleValue == $0.doubleValue.rounded() && $0.doubleValue >= 1 && $0.doubleValue <= Double(Int32.max) ? Int($0.doubleValue) : nil } }
        guard numbers.count == length, length == 1 || kind(at: path) == .array else {
            throw error(length == 1 ? "\(what) is a whole number of 1 or more" : "\(what) is [X, Y, Z]: three whole numbers of 1 or more", at: path)
        }
        return numbers
    }
}
