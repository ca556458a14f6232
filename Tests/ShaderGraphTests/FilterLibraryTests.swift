import Foundation
import ShaderGraph
import ShaderLanguage
import TestSupport
import Testing

@Suite("Naming built-in filters")
struct FilterLibraryTests {
    func load(_ node: String) throws -> Result<Composition, DiagnosticsError> {
        let folder = try TemporaryFolder()
        let path = try folder.write("c.yaml", """
            nodes:
              photo: { kind: pattern }
              look: \(node)
            """)
        do {
            return .success(try CompositionLoader.load(path: path))
        } catch {
            return .failure(error)
        }
    }

    @Test("the library is found from the executable, and `filter: NAME` loads its file")
    func filterLoadsTheLibraryFile() throws {
        #expect(FilterLibrary.names().contains("sepia"))
        let composition = try load("{ kind: shader, filter: sepia, inputs: { inputImageTexture: photo } }").get()
        guard case .shader(let pass) = composition.node(named: "look")?.kind else {
            Issue.record("not a shader node")
            return
        }
        #expect(pass.file == FilterLibrary.path(of: "sepia"))
        #expect(pass.interface.uniform(named: "intensity") != nil)
    }

    @Test("a misspelt filter is located, with the nearest name")
    func misspelt() throws {
        guard case .failure(let error) = try load("{ kind: shader, filter: sepa, inputs: { inputImageTexture: photo } }") else {
            Issue.record("loaded")
            return
        }
        #expect(error.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
            == ["3:33 there is no built-in filter 'sepa'; did you mean 'sepia'?"])
    }

    @Test("a filter with two neighbouring letters swapped is suggested: 'sepai' is 'sepia'")
    func swappedLetters() throws {
        guard case .failure(let error) = try load("{ kind: shader, filter: sepai, inputs: { inputImageTexture: photo } }") else {
            Issue.record("loaded")
            return
        }
        #expect(error.diagnostics.map(\.message) == ["there is no built-in filter 'sepai'; did you mean 'sepia'?"])
    }

    @Test("an unknown filter does not hide the mistakes beside it: its own misspelt wire and other nodes' errors are reported too")
    func unknownFilterHidesNothing() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("c.yaml", """
            nodes:
              photo: { kind: pattern }
              look: { kind: shader, filter: sepai, inputs: { inputImageTexture: phot } }
              lift: { kind: shader, filter: brightness, inputs: { inputImageTexture: look }, uniforms: { brightnes: 0.2 } }
            output: lift
            """)
        do {
            _ = try CompositionLoader.load(path: path)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                "3:33 there is no built-in filter 'sepai'; did you mean 'sepia'?",
                "3:69 no node named 'phot'; did you mean 'photo'?",
                "4:94 \(FilterLibrary.path(of: "brightness")) has no uniform 'brightnes'; did you mean 'brightness'?",
            ])
        }
    }

    @Test("file and filter together are refused")
    func both() throws {
        guard case .failure(let error) = try load("{ kind: shader, filter: sepia, file: x.fsh }") else {
            Issue.record("loaded")
            return
        }
        #expect(error.diagnostics.first?.code == .keyDoesNotApply)
    }

    @Test("a lone blend opens with the pattern on its other inputs")
    func loneBlend() throws {
        let composition = try CompositionOpener.open(path: FilterLibrary.path(of: "blend-multiply"))
        #expect(composition.nodes.map(\.name) == ["input", "input2", "blend-multiply"])
        #expect(composition.liveSource == "input")
    }
}
