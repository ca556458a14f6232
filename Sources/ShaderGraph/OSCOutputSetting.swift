import ShaderLanguage
import Yams

/// A composition's `osc-out:` entry: value nodes whose numbers are sent as OSC messages (`/NODE` with a float
/// per component) to a host and UDP port, each time they change.
public struct OSCOutputSetting: Sendable, Hashable {
    public static let keys = ["host", "port", "values"]

    public var host: String
    public var port: Int
    /// Value nodes, in the order given.
    public var values: [String]
    /// Where each value's name is written, for errors about it.
    public var valueLocations: [SourceLocation]
    public var location: SourceLocation

    public init(host: String = "127.0.0.1", port: Int, values: [String], valueLocations: [SourceLocation] = [], location: SourceLocation) {
        self.host = host
        self.port = port
        self.values = values
        self.valueLocations = valueLocations
        self.location = location
    }

    /// Reads `{ host: HOST, port: PORT, values: [NODE, …] }`; `host` defaults to 127.0.0.1.
    static func read(_ node: Yams.Node, with reader: YAMLReader, into diagnostics: inout [Diagnostic]) -> OSCOutputSetting? {
        do throws(Diagnostic) {
            let mapping = try reader.mapping(node, what: "'osc-out'")
            reader.checkKeys(mapping, allowed: keys, in: "'osc-out'", into: &diagnostics)
            let host = try mapping["host"].map { value throws(Diagnostic) in try reader.string(value, what: "'osc-out' host") } ?? "127.0.0.1"
            guard let portNode = mapping["port"] else { throw reader.error("'osc-out' needs a 'port' (the UDP port to send to)", at: node, code: .oscOutput) }
            let port = try reader.integer(portNode, what: "'osc-out' port", in: 1...65535)
            guard let valuesNode = mapping["values"], case .sequence(let sequence) = valuesNode, !sequence.isEmpty else {
                throw reader.error("'osc-out' needs 'values': a list of value nodes to send (centroid, average, …)", at: mapping["values"] ?? node, code: .oscOutput)
            }
            var values: [String] = [], locations: [SourceLocation] = []
            for item in sequence {
                values.append(try reader.string(item, what: "a value node's name"))
                locations.append(reader.location(of: item))
            }
            return OSCOutputSetting(host: host, port: port, values: values, valueLocations: locations, location: reader.location(of: node))
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// Each name that is not a value node of `composition`, as an error at the name.
    func problems(in composition: Composition) -> [Diagnostic] {
        zip(values, valueLocations).compactMap { name, location in
            guard let node = composition.node(named: name) else {
                return .error("'osc-out' names '\(name)', which is not a node of the composition", at: location, code: .oscOutput)
            }
            guard case .value = node.output else {
                return .error("'osc-out' sends value nodes (centroid, average, …); '\(name)' makes an image", at: location, code: .oscOutput)
            }
            return nil
        }
    }
}
