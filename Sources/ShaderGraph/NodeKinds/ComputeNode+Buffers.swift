import Foundation
import OperatingSystem
import ShaderLanguage
import Yams

/// A compute node's `buffers:`: for each `buffer` block its kernels declare, how many elements its last array
/// has and of what type, what it starts from, and whether it is kept from frame to frame.
extension ComputeNode {
    /// `defaults` are what a Compute Shader Format header says of its storage: their count and persistence where
    /// the composition's `buffers:` says nothing.
    static func readBuffers(_ node: Yams.Node?, passes: [ComputeKernel.Pass], node declaration: NodeDeclaration,
                            defaults: [String: (count: Int, persistent: Bool)] = [:], in loading: CompositionLoading) -> [ComputeKernel.StorageBuffer] {
        var settings: [String: (key: Yams.Node, value: Yams.Node.Mapping)] = [:]
        if let node, let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'buffers'") }) {
            for (key, value) in mapping {
                guard let name = key.string, let fields = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(value, what: "buffer '\(key.string ?? "")'") }) else { continue }
                var problems: [Diagnostic] = []
                loading.reader.checkKeys(fields, allowed: ["count", "type", "persistent", "file"], in: "buffer '\(name)'", into: &problems)
                loading.diagnostics += problems
                settings[name] = (key, fields)
            }
        }
        var blocks: [ComputeInterface.Buffer] = []
        for block in passes.flatMap(\.interface.buffers) where !blocks.contains(where: { $0.name == block.name }) { blocks.append(block) }
        for (name, setting) in settings.sorted(by: { $0.key < $1.key }) where !blocks.contains(where: { $0.name == name }) {
            let names = blocks.map(\.name)
            let hint = Spelling.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? (names.isEmpty ? "" : "; it declares: \(names.joined(separator: ", "))")
            loading.report("no kernel of node '\(declaration.name)' declares a buffer block '\(name)'\(hint)", at: setting.key, code: .computeBuffer)
        }
        return blocks.compactMap { block in
            readBuffer(block, setting: settings[block.name], default: defaults[block.name], in: loading, node: declaration, passes: passes)
        }
    }

    private static func readBuffer(_ block: ComputeInterface.Buffer, setting: (key: Yams.Node, value: Yams.Node.Mapping)?,
                                   default headerSays: (count: Int, persistent: Bool)?, in loading: CompositionLoading, node declaration: NodeDeclaration,
                                   passes: [ComputeKernel.Pass]) -> ComputeKernel.StorageBuffer? {
        let file = passes.first { $0.interface.buffer(named: block.name) != nil }!.source
        let declared = file.location(line: block.line, column: block.column)
        let fields = setting?.value ?? [:]
        let at = setting?.key ?? declaration.key
        let runtime = block.runtimeElement
        var element = runtime.flatMap { StorageLayout.Element.byName[$0.type] }
        if let typeNode = fields["type"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(typeNode, what: "'type'") }) {
            guard let named = StorageLayout.Element.byName[text] else {
                let names = StorageLayout.Element.byName.keys.sorted().joined(separator: ", ")
                loading.report("'\(text)' is not a buffer element type; expected one of: \(names)", at: typeNode, code: .computeBuffer)
                return nil
            }
            if let runtime, runtime.type != text {
                loading.report("buffer '\(block.name)' is declared of \(text), but \(file.path):\(runtime.line) declares its elements \(runtime.type)",
                               at: typeNode, code: .computeBuffer)
                return nil
            }
            element = named
        }
        guard let offsets = StorageLayout.offsets(of: block.members), let last = block.members.last else {
            loading.diagnostics.append(.error("buffer '\(block.name)' has a member of a type the workbench cannot lay out (a struct); "
                                              + "declare its members as scalars or vectors (float, vec4, uvec2, …)", at: declared, code: .computeBuffer))
            return nil
        }
        let arrayElement = element ?? StorageLayout.Element.byName[last.type]!
        var count = 0
        if runtime != nil, fields["count"] == nil, let headerSays {
            count = headerSays.count
        } else if runtime != nil {
            guard let countNode = fields["count"] else {
                loading.report("buffer '\(block.name)' of node '\(declaration.name)' ends in an array of no stated length; give its element count: "
                               + "buffers: { \(block.name): { count: N } }", at: at, code: .computeBuffer)
                return nil
            }
            guard let read = loading.attempt({ () throws(Diagnostic) in try loading.reader.integer(countNode, what: "'count'", in: 0...Int(Int32.max)) }) else { return nil }
            guard read > 0 else {
                loading.report("buffer '\(block.name)' needs 1 element or more, not 0", at: countNode, code: .computeBuffer)
                return nil
            }
            count = read
        } else if let countNode = fields["count"] {
            loading.report("buffer '\(block.name)' has no array of unstated length to count; its size is its members'", at: countNode, code: .keyDoesNotApply)
            return nil
        }
        let arrayOffset = offsets[offsets.count - 1]
        let byteCount = runtime != nil ? arrayOffset + count * arrayElement.stride
            : arrayOffset + (last.arrayLength.map { $0 * arrayElement.stride } ?? 4 * arrayElement.components)
        guard byteCount <= ComputeKernel.maximumBufferBytes else {
            loading.report("buffer '\(block.name)' would be \(byteCount) bytes; a buffer holds \(ComputeKernel.maximumBufferBytes >> 20) MiB at most",
                           at: fields["count"] ?? at, code: .computeBuffer)
            return nil
        }
        var persistent = headerSays?.persistent ?? false
        if let persistentNode = fields["persistent"],
           let flag = loading.attempt({ () throws(Diagnostic) in try loading.reader.flag(persistentNode, what: "'persistent'") }) {
            persistent = flag
        }
        var initial: [UInt8]?
        var startFile: String?
        if fields["file"] != nil {
            let named = NodeDeclaration(name: declaration.name, keyword: declaration.keyword, fields: fields, key: at)
            guard let path = loading.existingFile(named) else { return nil }
            guard let bytes = initialBytes(from: path, element: arrayElement, arrayOffset: arrayOffset, byteCount: byteCount,
                                           buffer: block.name, in: loading) else { return nil }
            initial = bytes
            startFile = path.path
        }
        var buffer = ComputeKernel.StorageBuffer(name: block.name, count: count, element: arrayElement, arrayOffset: arrayOffset, byteCount: byteCount,
                                                 initialBytes: initial, isPersistent: persistent, location: declared)
        buffer.file = startFile
        return buffer
    }

    /// A buffer's starting bytes: a `.json` file's list of numbers laid out as the array's elements, component by
    /// component from its first; any other file's bytes as they are, from the buffer's first byte.
    private static func initialBytes(from file: (path: String, location: SourceLocation), element: StorageLayout.Element, arrayOffset: Int,
                                     byteCount: Int, buffer: String, in loading: CompositionLoading) -> [UInt8]? {
        if file.path.hasSuffix(".json") {
            guard let text = loading.attempt({ () throws(Diagnostic) in try loading.files.readText(path: file.path, reference: file.location) }) else { return nil }
            let body = text.lines.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            let numbers = body.hasPrefix("[") && body.hasSuffix("]")
                ? body.dropFirst().dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) } : [nil]
            guard !numbers.contains(where: { $0 == nil }) else {
                loading.diagnostics.append(.error("\(file.path) is not a JSON list of numbers ([1, 2.5, …])", at: file.location, code: .computeBuffer))
                return nil
            }
            // Double() also reads "nan" and "inf", which JSON has no words for; and an element holds 32 bits.
            let limits: ClosedRange<Double> = switch element.scalar {
            case .float: -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
            case .int: Double(Int32.min)...Double(Int32.max)
            case .uint: 0...Double(UInt32.max)
            }
            if let index = numbers.firstIndex(where: { !limits.contains($0 ?? 0) }) {
                loading.diagnostics.append(.error("\(file.path): number \(index + 1), \(numbers[index] ?? 0), does not fit buffer '\(buffer)''s "
                                                  + "\(element.scalar) elements", at: file.location, code: .computeBuffer))
                return nil
            }
            let capacity = (byteCount - arrayOffset) / element.stride * element.components
            guard numbers.count <= capacity else {
                loading.diagnostics.append(.error("\(file.path) holds \(numbers.count) numbers; buffer '\(buffer)' takes \(capacity)", at: file.location, code: .computeBuffer))
                return nil
            }
            var bytes = [UInt8](repeating: 0, count: byteCount)
            for (index, number) in numbers.enumerated() {
                let offset = arrayOffset + index / element.components * element.stride + index % element.components * 4
                let bits: UInt32 = switch element.scalar {
                case .float: Float(number!).bitPattern
                case .int: UInt32(bitPattern: Int32(number!.rounded()))
                case .uint: UInt32(number!.rounded())
                }
                for byte in 0..<4 { bytes[offset + byte] = UInt8(truncatingIfNeeded: bits >> (8 * UInt32(byte))) }
            }
            return bytes
        }
        do throws(FileReadError) {
            let bytes = try FileContents.read(path: file.path, limit: ComputeKernel.maximumBufferBytes)
            guard bytes.count <= byteCount else {
                loading.diagnostics.append(.error("\(file.path) is \(bytes.count) bytes; buffer '\(buffer)' is \(byteCount)", at: file.location, code: .computeBuffer))
                return nil
            }
            return bytes + [UInt8](repeating: 0, count: byteCount - bytes.count)
        } catch {
            loading.diagnostics.append(.error("\(error)", at: file.location, code: .unreadableFile))
            return nil
        }
    }
}
