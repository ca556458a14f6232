import Foundation
import Testing

@testable import ShaderGraph
import ShaderLanguage
import TestSupport

/// Parses a recorded log from Fixtures/compiler-logs.
private func parseFixture(_ name: String) throws -> [CompilerMessage] {
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: "log", subdirectory: "Fixtures/compiler-logs"),
        "missing fixture \(name).log"
    )
    return CompilerLogParser.parse(try String(contentsOf: url, encoding: .utf8))
}

/// A message with every field spelled out, in the order the log line gives them.
private func expected(
    _ severity: Diagnostic.Severity, _ sourceString: Int?, _ line: Int?, _ column: Int?, _ message: String,
    code: String? = nil, token: String? = nil
) -> CompilerMessage {
    CompilerMessage(
        severity: severity, sourceString: sourceString, line: line, column: column, message: message,
        code: code, quotedToken: token)
}

@Suite struct CompilerLogMesaTests {
    @Test func undeclaredIdentifierWithFollowOnErrorAndWarning() throws {
        #expect(
            try parseFixture("mesa-undeclared-identifier") == [
                expected(.error, 0, 2, 11, "`colr' undeclared", token: "colr"),
                expected(.error, 0, 2, 11, "operands to arithmetic operators must be numeric"),
                expected(.warning, 0, 3, 19, "`c' used uninitialized", token: "c"),
            ])
    }

    @Test("a syntax error quotes no token when what the parser found is a token kind; the tokens it expected are not in the line")
    func syntaxError() throws {
        #expect(
            try parseFixture("mesa-syntax-error") == [
                expected(.error, 0, 3, 2, "syntax error, unexpected IDENTIFIER, expecting ',' or ';'")
            ])
    }

    @Test("a syntax error that found a punctuation mark quotes it, not the tokens the parser expected")
    func syntaxErrorAtPunctuation() throws {
        #expect(
            try parseFixture("mesa-missing-semicolon-before-brace") == [
                expected(.error, 0, 9, 1, "syntax error, unexpected '}', expecting ',' or ';'", token: "}")
            ])
    }

    @Test func typeMismatch() throws {
        #expect(
            try parseFixture("mesa-type-mismatch") == [
                expected(.error, 0, 2, 2, "initializer of type vec2 cannot be assigned to variable of type vec3"),
                expected(.error, 0, 3, 2, "initializer of type float cannot be assigned to variable of type int"),
            ])
    }

    @Test func unsupportedVersion() throws {
        #expect(
            try parseFixture("mesa-unsupported-version") == [
                expected(
                    .error, 0, 1, 10,
                    "GLSL 4.50 is not supported. Supported versions are: 1.00 ES, 3.00 ES, 3.10 ES, and 3.20 ES")
            ])
    }

    @Test func versionNotOnFirstLineIsAPreprocessorError() throws {
        #expect(
            try parseFixture("mesa-version-not-first") == [
                expected(.error, 0, 2, 1, "#version must appear on the first line")
            ])
    }

    @Test func preprocessorErrorDirective() throws {
        #expect(
            try parseFixture("mesa-preprocessor-error") == [
                expected(.error, 0, 2, 1, "#error this shader needs a palette")
            ])
    }

    @Test func preprocessorErrorsSeparatedByBlankLines() throws {
        #expect(
            try parseFixture("mesa-preprocessor-macros") == [
                expected(.error, 0, 2, 9, "Redefinition of macro TINT"),
                expected(.error, 0, 3, 24, "undefined macro UNDEFINED_THING in expression (illegal in GLES)"),
            ])
    }

    @Test func preprocessorWarning() throws {
        #expect(
            try parseFixture("mesa-preprocessor-warning") == [
                expected(
                    .warning, 0, 1, 9, "Macro names containing \"__\" are reserved for use by the implementation.",
                    token: "__")
            ])
    }

    @Test func warningsOnly() throws {
        #expect(
            try parseFixture("mesa-warnings") == [
                expected(
                    .warning, 0, 2, 12, "extension `GL_OES_nonexistent_thing' unsupported in fragment shader",
                    token: "GL_OES_nonexistent_thing"),
                expected(.warning, 0, 4, 12, "`x' used uninitialized", token: "x"),
                expected(.warning, 0, 5, 19, "`c' used uninitialized", token: "c"),
            ])
    }

    @Test func swizzleAndReturnErrors() throws {
        #expect(
            try parseFixture("mesa-swizzle-and-return") == [
                expected(.error, 0, 3, 14, "invalid swizzle / mask `rgbx'", token: "rgbx"),
                expected(.error, 0, 3, 14, "type mismatch"),
                expected(
                    .error, 0, 4, 2, "`return' with wrong type int, in function `main' returning void",
                    token: "return"),
            ])
    }

    @Test func overloadCandidatesJoinTheirHeadline() throws {
        #expect(
            try parseFixture("mesa-no-matching-function") == [
                expected(
                    .error, 0, 4, 12,
                    "no matching function for call to `shade(vec2)'; candidates are:\nfloat shade(float)\nfloat shade(vec3)",
                    token: "shade(vec2)"),
                expected(
                    .error, 0, 5, 19,
                    """
                    no matching function for call to `mix(float, float)'; candidates are:
                    float mix(float, float, float)
                    vec2 mix(vec2, vec2, float)
                    vec3 mix(vec3, vec3, float)
                    vec4 mix(vec4, vec4, float)
                    vec2 mix(vec2, vec2, vec2)
                    vec3 mix(vec3, vec3, vec3)
                    vec4 mix(vec4, vec4, vec4)
                    float mix(float, float, bool)
                    vec2 mix(vec2, vec2, bvec2)
                    vec3 mix(vec3, vec3, bvec3)
                    vec4 mix(vec4, vec4, bvec4)
                    """,
                    token: "mix(float, float)"),
                expected(.error, 0, 5, 14, "cannot construct `vec4' from a non-numeric data type", token: "vec4"),
            ])
    }

    @Test func linkVaryingMismatchHasNoPlace() throws {
        #expect(
            try parseFixture("mesa-link-varying-mismatch") == [
                expected(
                    .error, nil, nil, nil,
                    "vertex shader output `uv' declared as type `vec2', but fragment shader input declared as type `vec3'",
                    token: "uv"),
                expected(
                    .error, nil, nil, nil, "fragment shader input `extra' has no matching output in the previous stage",
                    token: "extra"),
            ])
    }

    @Test func linkMissingMain() throws {
        #expect(
            try parseFixture("mesa-link-missing-main") == [
                expected(.error, nil, nil, nil, "fragment shader lacks `main'", token: "main")
            ])
    }

    @Test func linkUniformTypeConflict() throws {
        #expect(
            try parseFixture("mesa-link-uniform-type") == [
                expected(.error, nil, nil, nil, "uniform `tint' declared as type `vec3' and type `vec4'", token: "tint")
            ])
    }

    @Test func linkWithUncompiledShaderEndsWithoutNewline() throws {
        #expect(
            try parseFixture("mesa-link-uncompiled-shader") == [
                expected(.error, nil, nil, nil, "linking with uncompiled/unspecialized shader")
            ])
    }
}

@Suite struct CompilerLogNVIDIATests {
    @Test func compileLog() throws {
        #expect(
            try parseFixture("nvidia") == [
                expected(
                    .warning, 0, 3, nil, "unrecognized profile specifier \"precision\"", code: "C7022", token: "precision"
                ),
                expected(.error, 0, 12, nil, "undefined variable \"colr\"", code: "C1503", token: "colr"),
                expected(.error, 0, 12, nil, "undefined variable \"colr\"", code: "C1503", token: "colr"),
                expected(
                    .warning, 0, 18, nil, "\"tint\" might be used before being initialized", code: "C7050", token: "tint"),
                expected(
                    .warning, 0, 24, nil, "global function texture requires \"#version 130\" or later", code: "C7532",
                    token: "#version 130"),
                expected(.warning, 0, 30, nil, "out can't be used with non-varying fragData", code: "C5060"),
                expected(
                    .error, 0, 31, nil,
                    "syntax error, unexpected reserved word \"return\", expecting \"::\" at token \"return\"",
                    code: "C0000", token: "return"),
            ])
    }

    @Test func programLogDropsStageHeadersAndReadsLineZeroAsNoLine() throws {
        #expect(
            try parseFixture("nvidia-program") == [
                expected(
                    .warning, 0, 2, nil, "'attribute' is deprecated, use 'in/out' instead", code: "C7555",
                    token: "attribute"),
                expected(.error, 0, 7, nil, "non constant expression in initialization", code: "C1059"),
                expected(.error, nil, nil, nil, "unexpected expression in DUI_foreachId", code: "C9999"),
            ])
    }

    @Test func linkLog() throws {
        #expect(
            try parseFixture("nvidia-link") == [
                expected(
                    .error, nil, nil, nil,
                    "interpolation modifier mismatch for varying parameter (named uv) between shader stages")
            ])
    }
}

@Suite struct CompilerLogGlslangLineageTests {
    @Test func amd() throws {
        #expect(
            try parseFixture("amd") == [
                expected(
                    .warning, 0, 3, nil, "'#extension' : extension not supported: GL_ARB_texture_query_levels",
                    token: "#extension"),
                expected(
                    .warning, 0, 4, nil, "'#extension' : extension not supported: GL_ARB_fragment_layer_viewport",
                    token: "#extension"),
                expected(
                    .error, 0, 12, nil, "'scalar swizzle' : not supported for this version or the enabled extensions",
                    token: "scalar swizzle"),
                expected(.error, 0, 12, nil, "'' : missing #endif"),
                expected(.error, 0, 12, nil, "'' : compilation terminated"),
            ])
    }

    @Test func amdLegacyCodesAndBanner() throws {
        #expect(
            try parseFixture("amd-legacy") == [
                expected(.error, 0, 14, nil, "Undeclared identifier: colr", code: "#143"),
                expected(.error, 0, 14, nil, "Vector field selection out of range \"y\"", code: "#216", token: "y"),
                expected(.error, 0, 20, nil, "Cannot convert from: \"float\" to: \"highp int\"", code: "#160", token: "float"),
                expected(.error, 0, 31, nil, "Syntax error: \")\" parse error", code: "#132", token: ")"),
            ])
    }

    @Test func amdLegacyLinkLogIsAnUnplacedError() throws {
        #expect(
            try parseFixture("amd-legacy-link") == [
                expected(
                    .error, nil, nil, nil,
                    "Fragment shader(s) were not successfully compiled before glLinkProgram() was called.  Link failed.")
            ])
    }

    @Test func intelWindows() throws {
        #expect(
            try parseFixture("intel-windows") == [
                expected(.warning, 0, 1, nil, "'' :  #version directive missing"),
                expected(.error, 0, 5, nil, "'' : unary '-' not allowed for provided data type", token: "-"),
                expected(
                    .error, 0, 11, nil, "'constructor' :  cannot convert parameter 1 from 'float' to 'float'",
                    token: "constructor"),
                expected(.error, 0, 14, nil, "'colr' : undeclared identifier", token: "colr"),
                expected(
                    .error, 0, 14, nil,
                    "'assign' :  cannot convert from 'const highp float' to 'inout 4-component vector of highp float'",
                    token: "assign"),
                expected(.error, 0, 22, nil, "'r8' : syntax error syntax error", token: "r8"),
                expected(.error, 9, 90, nil, "'' :  illegal character (\") (0x22)"),
            ])
    }

    @Test func angle() throws {
        #expect(
            try parseFixture("angle") == [
                expected(
                    .warning, 0, 2, nil, "'GL_OES_standard_derivatives' : extension is not supported",
                    token: "GL_OES_standard_derivatives"),
                expected(.error, 0, 14, nil, "'colr' : undeclared identifier", token: "colr"),
                expected(.error, 0, 14, nil, "'assign' : l-value required (can't modify a const)", token: "assign"),
                expected(.error, 0, 20, nil, "'tint' : redefinition", token: "tint"),
            ])
    }

    @Test func apple() throws {
        #expect(
            try parseFixture("apple") == [
                expected(.error, 0, 6, nil, "Unknown identifier 'binding' in layout", token: "binding"),
                expected(.error, 0, 15, nil, "Invalid call of undeclared identifier 'texture2D'", token: "texture2D"),
                expected(.error, 0, 19, nil, "Use of undeclared identifier 'colr'", token: "colr"),
                expected(.error, 0, 27, nil, "'^' does not operate on 'int' and 'int'", token: "^"),
                expected(.error, 0, 28, nil, "'u' : syntax error: syntax error", token: "u"),
            ])
    }

    @Test func appleLinkLog() throws {
        #expect(
            try parseFixture("apple-link") == [
                expected(.warning, nil, nil, nil, "Output of vertex shader 'vUv' not read by fragment shader", token: "vUv"),
                expected(.error, nil, nil, nil, "One or more attached shaders not successfully compiled"),
            ])
    }

    @Test func adreno() throws {
        #expect(
            try parseFixture("adreno") == [
                expected(.error, 0, 9, nil, "'uniform' :  cannot initialize this type of qualifier", token: "uniform"),
                expected(.error, 0, 14, nil, "'colr' : undeclared identifier", token: "colr"),
                expected(
                    .error, 0, 14, nil,
                    "'==' :  wrong operand types  no operation '==' exists that takes a left-hand operand of type 'float' and a right operand of type 'const int' (or there is no acceptable conversion)",
                    token: "=="),
                expected(
                    .error, 0, 15, nil,
                    "'>>' :  wrong operand types  no operation '>>' exists that takes a left-hand operand of type 'uint' and a right operand of type 'const int' (or there is no acceptable conversion)",
                    token: ">>"),
            ])
    }
}

@Suite struct CompilerLogMaliTests {
    @Test func compileLog() throws {
        #expect(
            try parseFixture("mali") == [
                expected(.error, 0, 6, nil, "Type mismatch, cannot convert from 'int' to 'float'", code: "S0001", token: "int"),
                expected(.error, 0, 9, nil, "Swizzle field selector out of range", code: "S0026"),
                expected(.error, 0, 13, nil, "Undeclared variable 'colr'", code: "L0002", token: "colr"),
                expected(.error, 0, 17, nil, "No matching overload for function 'shade' found", code: "S0001", token: "shade"),
            ])
    }

    @Test func unknownVersion() throws {
        #expect(
            try parseFixture("mali-version") == [
                expected(
                    .error, 0, 1, nil,
                    "Language version '330' unknown, this compiler only supports up to version '320 es'",
                    code: "P0007", token: "330")
            ])
    }

    @Test func errorPrefixedVariant() {
        #expect(
            CompilerLogParser.parse("ERROR: 0:12: L0002: Undeclared variable 'foo'\n") == [
                expected(.error, 0, 12, nil, "Undeclared variable 'foo'", code: "L0002", token: "foo")
            ])
    }

    @Test func warningsAndNotesCarryNoCode() {
        #expect(
            CompilerLogParser.parse("1:3: Warning: this is a warning node text\n1:3: : this is a note node text\n") == [
                expected(.warning, 1, 3, nil, "this is a warning node text"),
                expected(.note, 1, 3, nil, "this is a note node text"),
            ])
    }
}

@Suite struct CompilerLogShapeTests {
    @Test func emptyLogHasNoMessages() {
        #expect(CompilerLogParser.parse("") == [])
    }

    @Test func whitespaceOnlyLogHasNoMessages() {
        #expect(CompilerLogParser.parse(" \n\t\n\n  \u{0}") == [])
    }

    @Test func crlfLineEndingsParseLikeLineFeeds() {
        let log = "0:2(11): error: `colr' undeclared\r\n0:3(19): warning: `c' used uninitialized\r\n"
        #expect(
            CompilerLogParser.parse(log) == [
                expected(.error, 0, 2, 11, "`colr' undeclared", token: "colr"),
                expected(.warning, 0, 3, 19, "`c' used uninitialized", token: "c"),
            ])
    }

    @Test func windowsLogWithSummaryAndCRLF() {
        let log = "ERROR: 0:14: 'colr' : undeclared identifier \r\nERROR: 1 compilation errors.  No code generated.\r\n\r\n"
        #expect(
            CompilerLogParser.parse(log) == [
                expected(.error, 0, 14, nil, "'colr' : undeclared identifier", token: "colr")
            ])
    }

    @Test func bareCarriageReturnsSeparateLines() {
        #expect(
            CompilerLogParser.parse("0(3) : error C1008: undefined variable \"a\"\r0(4) : error C1008: undefined variable \"b\"") == [
                expected(.error, 0, 3, nil, "undefined variable \"a\"", code: "C1008", token: "a"),
                expected(.error, 0, 4, nil, "undefined variable \"b\"", code: "C1008", token: "b"),
            ])
    }

    @Test func trailingNulFromTheInfoLogBufferIsIgnored() {
        #expect(
            CompilerLogParser.parse("error: fragment shader lacks `main'\n\u{0}") == [
                expected(.error, nil, nil, nil, "fragment shader lacks `main'", token: "main")
            ])
    }

    @Test func byteOrderMarkBeforeTheFirstLineIsIgnored() {
        #expect(
            CompilerLogParser.parse("\u{FEFF}0:1(10): error: `x' undeclared") == [
                expected(.error, 0, 1, 10, "`x' undeclared", token: "x")
            ])
    }

    @Test func summaryLinesAreDropped() {
        let log = """
            ERROR: 2 compilation errors.  No code generated.
            ERROR: error(#273) 1 compilation errors.  No code generated
            ERROR: 1 compilation errors. No code generated.
            """
        #expect(CompilerLogParser.parse(log) == [])
    }

    @Test func amdSuccessBannersAreDropped() {
        let log = """
            Vertex shader was successfully compiled to run on hardware.
            Fragment shader was successfully compiled to run on hardware.
            Vertex shader(s) linked, fragment shader(s) linked.
            """
        #expect(CompilerLogParser.parse(log) == [])
    }

    @Test func unrecognisedLineIsKeptAsAnUnplacedError() {
        #expect(
            CompilerLogParser.parse("Internal compile error, error code: E_SC_NOTSUPPORTED\n") == [
                expected(.error, nil, nil, nil, "Internal compile error, error code: E_SC_NOTSUPPORTED")
            ])
    }

    @Test func bareErrorPrefixWithoutPlaceIsAnUnplacedError() {
        #expect(
            CompilerLogParser.parse("ERROR: Internal compile error, error code: E_SC_NOTSUPPORTED Shader not supported by HW") == [
                expected(.error, nil, nil, nil, "Internal compile error, error code: E_SC_NOTSUPPORTED Shader not supported by HW")
            ])
    }

    @Test func indentedLinesContinueTheMessageAbove() {
        let log = """
            0:5: Internal compiler error
                        Please contact support with the shader causing
                        the problem, along with this error message.
            0:9: Warning: next message
            """
        #expect(
            CompilerLogParser.parse(log) == [
                expected(
                    .error, 0, 5, nil,
                    "Internal compiler error\nPlease contact support with the shader causing\nthe problem, along with this error message."
                ),
                expected(.warning, 0, 9, nil, "next message"),
            ])
    }

    @Test func indentedLineAfterABlankLineStandsAlone() {
        #expect(
            CompilerLogParser.parse("error: first\n\n    stray detail\n") == [
                expected(.error, nil, nil, nil, "first"),
                expected(.error, nil, nil, nil, "stray detail"),
            ])
    }

    @Test func indentedLineThatIsItselfAMessageIsNotJoined() {
        let log = "ERROR: 0:31: 'uniform' :  cannot initialize this type of qualifier  \n    ERROR: 0:32: 'x' : undeclared identifier\n"
        #expect(
            CompilerLogParser.parse(log) == [
                expected(.error, 0, 31, nil, "'uniform' :  cannot initialize this type of qualifier", token: "uniform"),
                expected(.error, 0, 32, nil, "'x' : undeclared identifier", token: "x"),
            ])
    }

    @Test func angleUnknownLineKeepsTheSourceString() {
        #expect(
            CompilerLogParser.parse("ERROR: 0:? : 'main' : some message") == [
                expected(.error, 0, nil, nil, "'main' : some message", token: "main")
            ])
    }

    @Test func glslangPlaceWithoutSourceString() {
        #expect(
            CompilerLogParser.parse("ERROR: :47: '' : compilation terminated ") == [
                expected(.error, nil, 47, nil, "'' : compilation terminated")
            ])
    }

    @Test func glslangPlaceWithColumn() {
        #expect(
            CompilerLogParser.parse("ERROR: 0:536:33 reserved keyword 'sampler3D'.\nERROR: 0:12:5: 'x' : undeclared identifier") == [
                expected(.error, 0, 536, 33, "reserved keyword 'sampler3D'.", token: "sampler3D"),
                expected(.error, 0, 12, 5, "'x' : undeclared identifier", token: "x"),
            ])
    }

    @Test func apostropheInsideAWordIsNotAQuote() {
        #expect(
            CompilerLogParser.parse("0(30) : warning C5060: out can't be used with non-varying 'fragData'") == [
                expected(.warning, 0, 30, nil, "out can't be used with non-varying 'fragData'", code: "C5060", token: "fragData")
            ])
    }

    @Test(.timeLimit(.minutes(1)))
    func longLineOfUnclosedQuotesIsParsedInLinearTime() {
        let line = String(repeating: "` ", count: 200_000)
        let messages = CompilerLogParser.parse(line)
        #expect(messages.count == 1)
        #expect(messages.first?.quotedToken == nil)
        #expect(messages.first?.message.count == 399_999)
    }

    @Test func garbageDoesNotCrash() {
        var generator = SeededRandomNumbers(seed: 0x5eed)
        for length in 0..<400 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let log = String(decoding: bytes, as: UTF8.self)
            for message in CompilerLogParser.parse(log) {
                #expect(message.severity == .error || message.severity == .warning || message.severity == .note)
            }
        }
    }

    @Test(arguments: [
        "0:99999999999999999999(1): error: x", "0(99999999999999999999) : error C1: x", "ERROR: 0:99999999999:",
        "ERROR:", "ERROR: ", "WARNING:\n   \n", ":", "::::", "(", "0(", "0:", "0:1(", "`", "'", "\"", "''", "`'",
        "'\u{301}x'", "\u{301}\u{301}", "\u{0}\u{0}error: \u{0}", "\r\n\r\r\n", "\u{FEFF}\u{FEFF}",
        "0:1: Z9999:", "   indented first line",
    ])
    func awkwardInputDoesNotCrash(log: String) {
        _ = CompilerLogParser.parse(log)
    }
}
