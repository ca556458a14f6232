import OSC
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// `--osc PORT`: the window driven by Open Sound Control. liblo's thread only queues each message and wakes
/// the main loop; the loop takes the queue between frames and acts on it, so GL and the session stay on
/// their thread and the window never waits for the network.
///
/// `/NODE/PARAMETER value…` tunes a published parameter as the panel does (undoable, traced, kept across
/// reloads), its values checked against the parameter's type; `/shaderbench/reload`, `/shaderbench/pause`,
/// `/shaderbench/play` and `/shaderbench/show NODE` do what R, Space and Tab do.
final class OSCControl {
    /// Messages waiting for the loop are bounded: a flood drops the oldest, as a slow consumer of frames does.
    static let queueCapacity = 1024

    enum Command: Equatable {
        case set(TunableParameter, [Float])
        case reload
        case pause
        case play
        case show(String)
        case midi([OSCMessage.Argument])
    }

    let port: Int
    private let receiver: OSCReceiver
    private let queue: Locked<[OSCMessage]>
    /// Addresses already warned about: each problem is said once, however often a controller repeats it.
    private var warned: Set<String> = []

    init(port: Int) throws(OSCError) {
        let queue = Locked<[OSCMessage]>([])
        receiver = try OSCReceiver(port: port) { message in
            queue.withLock { waiting in
                if waiting.count >= Self.queueCapacity { waiting.removeFirst() }
                waiting.append(message)
            }
            GLFWWindow.wake()
        }
        self.queue = queue
        self.port = receiver.port
    }

    /// The commands that arrived since the last call, in order; problems are warned about on standard error.
    func takeCommands(parameters: [TunableParameter], imageNodes: [String]) -> [Command] {
        let messages = queue.withLock { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
        }
        return messages.compactMap { message in
            switch Self.command(for: message, parameters: parameters, imageNodes: imageNodes) {
            case .success(let command):
                return command
            case .failure(let problem):
                warnOnce(message.address, problem.message)
                return nil
            }
        }
    }

    /// Says `problem` about `address` on standard error, the first time only.
    func warnOnce(_ address: String, _ problem: String) {
        if warned.insert(address).inserted {
            StandardStreams.error(Diagnostic.warning("OSC \(address): \(problem)", code: .oscMessage).rendered() + "\n")
        }
    }

    struct Problem: Error {
        let message: String
    }

    static func command(for message: OSCMessage, parameters: [TunableParameter], imageNodes: [String]) -> Result<Command, Problem> {
        let parts = message.address.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard message.address.hasPrefix("/"), parts.count == 2 else {
            return .failure(Problem(message: "not an address this window knows: /NODE/PARAMETER or /shaderbench/reload, pause, play, show, midi"))
        }
        if parts[0] == "shaderbench" {
            switch parts[1] {
            case "reload": return .success(.reload)
            case "pause": return .success(.pause)
            case "play": return .success(.play)
            case "midi": return .success(.midi(message.arguments))
            case "show":
                guard message.arguments.count == 1, case .string(let node) = message.arguments[0] else {
                    return .failure(Problem(message: "takes one string, the node to show"))
                }
                guard imageNodes.contains(node) else {
                    return .failure(Problem(message: "'\(node)' is not a node that makes an image (\(imageNodes.joined(separator: ", ")))"))
                }
                return .success(.show(node))
            default:
                return .failure(Problem(message: "not a command: /shaderbench/reload, pause, play, show or midi"))
            }
        }
        guard let parameter = parameters.first(where: { $0.reference.node == parts[0] && $0.reference.uniform == parts[1] }) else {
            let published = parameters.map { "/\($0.reference.node)/\($0.reference.uniform)" }
            return .failure(Problem(message: "no published parameter \(parts[0]).\(parts[1])"
                                    + (published.isEmpty ? " (nothing is published)" : " (published: \(published.joined(separator: ", ")))")))
        }
        guard !parameter.isWired else {
            return .failure(Problem(message: "\(parameter.reference) is wired to a value node, so it cannot be set"))
        }
        return values(message.arguments, for: parameter).map { .set(parameter, $0) }
    }

    /// The arguments as the parameter's numbers: as many as it holds (a colour's alpha may be left out),
    /// whole numbers for ints, true/false (or 0/1) for bools, numbers for the rest.
    static func values(_ arguments: [OSCMessage.Argument], for parameter: TunableParameter) -> Result<[Float], Problem> {
        let tags = String(arguments.map(\.tag))
        let expected = "\(parameter.type) (\(parameter.count) number\(parameter.count == 1 ? "" : "s"))"
        let isBool = [.bool, .bvec2, .bvec3, .bvec4].contains(parameter.type)
        let isInteger = [.int, .ivec2, .ivec3, .ivec4].contains(parameter.type)
        var numbers: [Float] = []
        for argument in arguments {
            switch argument {
            case .boolean(let value) where isBool: numbers.append(value ? 1 : 0)
            case .integer(let value) where isBool && (value == 0 || value == 1): numbers.append(Float(value))
            case .integer(let value) where !isBool: numbers.append(Float(value))
            case .float(let value) where !isBool && (!isInteger || value.rounded() == value): numbers.append(Float(value))
            default:
                return .failure(Problem(message: "\(parameter.reference) is \(expected); the message has type tags ',\(tags)'"))
            }
        }
        if let problem = FiniteParameterValues.problem(in: numbers) {
            return .failure(Problem(message: "\(parameter.reference): \(problem)"))
        }
        if parameter.control == .colour, parameter.count == 4, numbers.count == 3 { numbers.append(1) }
        guard numbers.count == parameter.count else {
            return .failure(Problem(message: "\(parameter.reference) is \(expected); the message has \(numbers.count)"))
        }
        return .success(numbers)
    }
}
