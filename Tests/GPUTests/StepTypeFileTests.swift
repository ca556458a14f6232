import Foundation
import Testing

/// A node kind is one place on the GPU side: every kind of work the frame plan has is registered with a step
/// type (`FramePlan.Work.stepType`, an exhaustive switch, so a kind without one does not compile), and each
/// step type lives in a file of its own under `Sources/GPU/Steps`, named after it. Read from the sources.
@Suite("Step type files")
struct StepTypeFileTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let steps = sources.appendingPathComponent("GPU/Steps")

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The cases of `FramePlan.Work`, as the model declares them.
    static func plannedWorks() throws -> Set<String> {
        let plan = try text(sources.appendingPathComponent("ShaderGraph/FramePlan.swift"))
        let body = try #require(plan.range(of: "public enum Work: Sendable {")).upperBound
        let end = try #require(plan.range(of: "\n    }", range: body..<plan.endIndex)).lowerBound
        let cases = try Regex(#"case (\w+)"#)
        return Set(plan[body..<end].matches(of: cases).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The step type registered for each case, by case.
    static func registered() throws -> [String: String] {
        let table = try text(steps.appendingPathComponent("StepTypes.swift"))
        let entry = try Regex(#"case \.(\w+): (\w+)\.self"#)
        var types: [String: String] = [:]
        for match in table.matches(of: entry) {
            guard let work = match.output[1].substring, let type = match.output[2].substring else { continue }
            types[String(work)] = String(type)
        }
        return types
    }

    @Test("every kind of work in the frame plan is registered with a step type")
    func everyWorkIsRegistered() throws {
        let works = try Self.plannedWorks()
        #expect(works.count >= 17)
        #expect(Set(try Self.registered().keys) == works)
    }

    @Test("each registered step type is declared in Sources/GPU/Steps/<type>.swift and conforms to a step protocol")
    func eachStepTypeHasItsFile() throws {
        for type in Set(try Self.registered().values) {
            let file = Self.steps.appendingPathComponent("\(type).swift")
            let text = try? Self.text(file)
            #expect(text != nil, "\(type) has no file Steps/\(type).swift")
            guard let text else { continue }
            let declaration = try Regex(#"(struct|class) \#(type): (BoundStep|LiveFeedStep) \{"#)
            #expect(text.contains(declaration), "Steps/\(type).swift does not declare \(type) as a bound step")
        }
    }

    @Test("every step type under Sources/GPU/Steps is registered for a kind of work")
    func noStepTypeIsLeftOut() throws {
        let declaration = try Regex(#"(?:struct|class) (\w+): (?:BoundStep|LiveFeedStep) \{"#)
        var declared: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.steps.path) where name.hasSuffix(".swift") {
            for match in try Self.text(Self.steps.appendingPathComponent(name)).matches(of: declaration) {
                declared.insert(String(try #require(match.output[1].substring)))
            }
        }
        #expect(declared == Set(try Self.registered().values))
    }
}
