import Testing
@testable import ShaderGraph
import ShaderLanguage

/// `#include "path"` in any dialect: expanded before the shader is read, each line keeping the file and line
/// it came from; looked for beside the including file, then along the include folders.
@Suite("#include")
struct ShaderIncludeTests {
    @Test("an include beside the shader is read in its place; its lines keep their own file and line")
    func expandsInPlace() throws {
        let workspace = try Workspace()
        try workspace.write("lib/tint.glsl", "// tint\nuniform float amount;\n")
        try workspace.write("look.fsh", "precision mediump float;\n#include \"lib/tint.glsl\"\nvoid main() { gl_FragColor = vec4(amount); }\n")
        let composition = try workspace.load("nodes:\n  look: { kind: shader, file: look.fsh, uniforms: { amount: 1 } }\n")
        guard case .shader(let pass) = composition.nodes[0].kind else { Issue.record("not a shader"); return }
        #expect(pass.source.lines.map(String.init) == ["precision mediump float;", "// tint", "uniform float amount;", "void main() { gl_FragColor = vec4(amount); }", ""])
        let declaration = try #require(pass.interface.uniform(named: "amount"))
        let place = pass.source.location(line: declaration.line, column: declaration.column)
        #expect(place.file.hasSuffix("lib/tint.glsl") && place.line == 2 && place.column == 15, "\(place)")
        #expect(pass.source.location(line: 4).line == 3, "the shader's own line after the include")
        #expect(composition.files.contains { $0.hasSuffix("lib/tint.glsl") }, "the include is watched")
    }

    @Test("an include not beside the shader is found along the composition's include: folders, then --include's")
    func includeFolders() throws {
        let workspace = try Workspace()
        try workspace.write("shared/noise.glsl", "float noise(vec2 p) { return 0.5; }\n")
        try workspace.write("more/hash.glsl", "float hash(vec2 p) { return 0.25; }\n")
        try workspace.write("look.fsh", "#include \"noise.glsl\"\n#include \"hash.glsl\"\nvoid main() { gl_FragColor = vec4(noise(vec2(0.0)) + hash(vec2(0.0))); }\n")
        let path = try workspace.write("c.yaml", "include: [shared]\nnodes:\n  look: { kind: shader, file: look.fsh }\n")
        let composition = try CompositionLoader.load(path: path, includeFolders: [workspace.path("more")])
        guard case .shader(let pass) = composition.nodes[0].kind else { Issue.record("not a shader"); return }
        #expect(pass.source.text.contains("float noise(vec2 p)") && pass.source.text.contains("float hash(vec2 p)"))
        #expect(try workspace.diagnostics("include: [nowhere]\nnodes:\n  look: { kind: shader, file: look.fsh }\n").coded.first == "1:11 SB1005")
    }

    @Test("a file with #pragma once is read once however often it is included")
    func pragmaOnce() throws {
        let workspace = try Workspace()
        try workspace.write("common.glsl", "#pragma once\nconst float half = 0.5;\n")
        try workspace.write("look.fsh", "#include \"common.glsl\"\n#include \"common.glsl\"\nvoid main() { gl_FragColor = vec4(half); }\n")
        let composition = try workspace.load("nodes:\n  look: { kind: shader, file: look.fsh }\n")
        guard case .shader(let pass) = composition.nodes[0].kind else { Issue.record("not a shader"); return }
        #expect(pass.source.lines.filter { $0.contains("const float half") }.count == 1)
    }

    @Test("a cycle, a missing file and a file outside the allowed folders are errors at the #include")
    func errors() throws {
        let workspace = try Workspace()
        try workspace.write("project/a.glsl", "#include \"b.glsl\"\n")
        try workspace.write("project/b.glsl", "\n  #include \"a.glsl\"\n")
        try workspace.write("outside.glsl", "float x;\n")
        try workspace.write("project/cycle.fsh", "#include \"a.glsl\"\nvoid main() {}\n")
        try workspace.write("project/missing.fsh", "\n#include \"nowhere.glsl\"\nvoid main() {}\n")
        try workspace.write("project/escape.fsh", "#include \"../outside.glsl\"\nvoid main() {}\n")
        func problem(_ shader: String) throws -> Diagnostic? {
            try workspace.diagnostics("nodes:\n  look: { kind: shader, file: \(shader) }\n", file: "project/c.yaml").first
        }
        let cycle = try #require(try problem("cycle.fsh"))
        #expect(cycle.location.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" } == "b.glsl:2:3")
        #expect(cycle.message.contains("makes a cycle: a.glsl → b.glsl → a.glsl"), "\(cycle.message)")
        let missing = try #require(try problem("missing.fsh"))
        #expect(missing.location.map { [$0.line, $0.column] } == [2, 1])
        #expect(missing.message.hasPrefix("#include \"nowhere.glsl\": no such file in"), "\(missing.message)")
        let escape = try #require(try problem("escape.fsh"))
        #expect(escape.location?.line == 1)
        #expect(escape.message.contains("outside the shader's folder and the include folders"), "\(escape.message)")
        #expect([cycle.code, missing.code, escape.code] == [.include, .include, .include])
    }
}
