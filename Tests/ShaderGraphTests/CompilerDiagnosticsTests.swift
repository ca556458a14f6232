import Foundation
import Testing
@testable import ShaderGraph
@testable import ShaderLanguage

@Suite("Mapping compiler logs to the user's file")
struct CompilerDiagnosticsTests {
    let shader: PreparedShader = {
        let source = SourceText(path: "shaders/fx.fsh", text: """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                    gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * strength;
            }
            """)
        // The interface of this fixed text always reads.
        let interface = (try? ShaderInterface.read(source)) ?? ShaderInterface(version: .es100, uniforms: [], varyings: [], bodyStartLine: 1)
        return PreparedShader(source: source, interface: interface)
    }()

    @Test("a Mesa error maps to the user's line, with the column of the quoted token")
    func mesaError() {
        // Mesa counts the eight leading spaces as one column: `strength`, at column 74, is Mesa's column 67.
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: "0:4(67): error: `strength' undeclared\n", for: shader, stage: .compile)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(file: "shaders/fx.fsh", line: 4, column: 74))
        #expect(diagnostics.first?.sourceLine == "        gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * strength;")
    }

    @Test("Mesa's collapsed whitespace columns are corrected without a token")
    func mesaColumnCorrection() {
        #expect(CompilerDiagnostics.realColumn(fromMesaColumn: 2, in: "        bar = 1.0;") == 9)
        #expect(CompilerDiagnostics.realColumn(fromMesaColumn: 11, in: "float   x =    bar;") == 16)
        #expect(CompilerDiagnostics.realColumn(fromMesaColumn: 12, in: "\t\tfloat x = bar;") == 13)
        #expect(CompilerDiagnostics.realColumn(fromMesaColumn: 1, in: "bar") == 1)
    }

    /// A shader from Fixtures/compiler-logs and the log Mesa (llvmpipe) printed compiling it, mapped.
    func mapFixture(_ name: String) throws -> [Diagnostic] {
        let folder = try #require(Bundle.module.url(forResource: "compiler-logs", withExtension: nil, subdirectory: "Fixtures"))
        let shader = try String(contentsOf: folder.appendingPathComponent(name + ".fsh"), encoding: .utf8)
        let log = try String(contentsOf: folder.appendingPathComponent(name + ".log"), encoding: .utf8)
        return CompilerDiagnostics.diagnostics(fromLog: log, in: SourceText(path: "fx.fsh", text: shader), stage: .compile)
    }

    @Test("a missing ';' is reported at the end of the line that lacks it, not at the next line's first token")
    func missingSemicolon() throws {
        let diagnostics = try mapFixture("mesa-missing-semicolon")
        #expect(diagnostics.map(\.description) == ["fx.fsh:5:71: error: missing ';' at the end of this line"])
        #expect(diagnostics.first?.sourceLine == "    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate)")
    }

    @Test("a missing ';' before a '}' passes over comments and blank lines back to the code that lacks it")
    func missingSemicolonBeforeBrace() throws {
        #expect(try mapFixture("mesa-missing-semicolon-before-brace").map(\.description)
            == ["fx.fsh:5:42: error: missing ';' at the end of this line"])
    }

    @Test("a missing ';' between two statements on one line names the code after it")
    func missingSemicolonMidLine() throws {
        #expect(try mapFixture("mesa-missing-semicolon-mid-line").map(\.description)
            == ["fx.fsh:4:19: error: missing ';' before 'float'"])
    }

    @Test("after a mistake, the errors and warnings that only follow from it are counted under it, and each mistake is shown once at its place")
    func followOnErrorsAreFolded() throws {
        let diagnostics = try mapFixture("mesa-follow-on-errors")
        #expect(diagnostics.map(\.description) == ["fx.fsh:6:68: error: `brightnes' undeclared", "fx.fsh:8:34: error: `tnt' undeclared"])
        #expect(diagnostics.map { $0.notes.map(\.description) } == [
            ["note: and 5 more errors and 2 warnings that follow from it"],
            ["note: and 1 more error and 1 warning that follow from it"],
        ])
        #expect(diagnostics.first?.rendered().hasSuffix("^\nnote: and 5 more errors and 2 warnings that follow from it") == true)
    }

    @Test("two mistakes on one line are both shown: an error that names a token of its own never follows from another")
    func twoMistakesOnOneLine() {
        let log = "0:4(67): error: `strength' undeclared\n0:4(10): error: `texture2D' undeclared\n0:4(10): error: operands to arithmetic operators must be numeric\n"
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: log, for: shader, stage: .compile)
        #expect(diagnostics.map(\.message) == ["`strength' undeclared", "`texture2D' undeclared"])
        #expect(diagnostics.map { $0.notes.map(\.message) } == [["and 1 more error that follows from it"], []])
    }

    @Test("a driver without columns gets the quoted token's column")
    func angleStyle() {
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: "ERROR: 0:4: 'strength' : undeclared identifier\nERROR: 1 compilation errors.  No code generated.\n", for: shader, stage: .compile)
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "shaders/fx.fsh", line: 4, column: 74)])
    }

    @Test("a message in the prelude's source string names the file, not a user line")
    func preludeMessage() {
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: "1:3(1): error: something internal\n", for: shader, stage: .compile)
        #expect(diagnostics.first?.location == SourceLocation(file: "shaders/fx.fsh", line: 0))
        #expect(diagnostics.first?.message.hasSuffix("(in the workbench's prelude)") == true)
    }

    @Test("a link error with no location names the file and is never dropped")
    func linkError() {
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: "error: fragment shader lacks `main'\n", for: shader, stage: .link)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description == "shaders/fx.fsh: error: fragment shader lacks `main'")
    }

    @Test("an empty log after a failure still says something")
    func emptyLog() {
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: "", for: shader, stage: .link)
        #expect(diagnostics.first?.message == "the shader failed to link and the driver gave no reason")
    }
}

@Suite("Naming the node of a diagnostic")
struct DiagnosticNamingTests {
    @Test("the node is named at the end of a one-line message")
    func oneLine() {
        #expect(Diagnostic.error("`x' undeclared").naming(node: "blur").message == "`x' undeclared [node 'blur']")
    }

    @Test("the node is named on the first line of a message with more lines")
    func severalLines() {
        let named = Diagnostic.error("no matching function; candidates are:\nfloat min(float, float)").naming(node: "blur")
        #expect(named.message == "no matching function; candidates are: [node 'blur']\nfloat min(float, float)")
    }
}

/// A shader refused as GLSL ES whose desktop GLSL reading failed too: the driver's errors, glslang's as notes.
@Suite("Mapping both compilers' logs of a shader broken as GLSL ES and as desktop GLSL")
struct DesktopDiagnosticsTests {
    let shader: PreparedShader = {
        let source = SourceText(path: "fx.fsh", text: """
            precision mediump float;
            void main() {
                float one = 1;
                gl_FragColor = vec4(undeclaredThing, one, 0.0, 1.0);
            }
            """)
        let interface = (try? ShaderInterface.read(source)) ?? ShaderInterface(version: .es100, uniforms: [], varyings: [], bodyStartLine: 1)
        return PreparedShader(source: source, interface: interface)
    }()

    @Test("the driver's errors stand, and each of glslang's is a note under the nearest, saying it is the desktop reading")
    func notesUnderNearest() {
        let log = "0:3(9): error: initializer of type int cannot be assigned to variable of type float\n"
            + "0:4(25): error: `undeclaredThing' undeclared\n"
        let desktopLog = "ERROR: 0:4: 'undeclaredThing' : undeclared identifier \nERROR: 0:5: 'x' : something further on \n"
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: log, desktopLog: desktopLog, for: shader)
        #expect(diagnostics.map(\.severity) == [.error, .error])
        #expect(diagnostics[0].notes.isEmpty)
        #expect(diagnostics[1].notes.map(\.severity) == [.note, .note])
        #expect(diagnostics[1].notes.first?.message == "as desktop GLSL: 'undeclaredThing' : undeclared identifier")
        #expect(diagnostics[1].notes.first?.location == SourceLocation(file: "fx.fsh", line: 4, column: 25))
        #expect(diagnostics[1].notes.last?.location?.line == 5)
    }

    @Test("after the driver's syntax error, glslang's, which only repeat it, are left out")
    func syntaxErrors() {
        let log = "0:4(5): error: syntax error, unexpected IDENTIFIER, expecting ',' or ';'\n"
        let desktopLog = "ERROR: 0:4: '' :  syntax error, unexpected IDENTIFIER, expecting COMMA or SEMICOLON\n"
        let diagnostics = CompilerDiagnostics.diagnostics(fromLog: log, desktopLog: desktopLog, for: shader)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.notes.isEmpty == true)
    }
}
