import Testing
@testable import ShaderGraph
@testable import ShaderLanguage

/// ISF files: recognised by their JSON header, whose INPUTS become the shader's interface, and whose every
/// mistake is reported at its line and column in the file.
@Suite("Reading ISF headers")
struct ISFHeaderTests {
    func interface(_ text: String) throws -> ShaderInterface {
        try ShaderInterface.read(SourceText(path: "fx/s.fs", text: text))
    }

    /// `line:col message` of the diagnostic reading `text` throws.
    func problem(_ text: String) -> String? {
        do {
            _ = try ShaderInterface.read(SourceText(path: "fx/s.fs", text: text))
            return nil
        } catch {
            return [error].positioned.first
        }
    }

    /// The header alone, passes and imports included (the interface refuses what cannot run yet).
    func readHeader(_ text: String) throws -> ISFHeader? {
        try ISFHeaderReader.read(SourceText(path: "fx/s.fs", text: text))
    }

    static let filter = """
        /*{
            "DESCRIPTION": "Every input type",
            "ISFVSN": "2.0",
            "CATEGORIES": ["Test"],
            "INPUTS": [
                { "NAME": "inputImage", "TYPE": "image" },
                { "NAME": "amount", "TYPE": "float", "DEFAULT": 0.5, "MIN": 0, "MAX": 2, "LABEL": "Amount", "IDENTITY": 0 },
                { "NAME": "enabled", "TYPE": "bool", "DEFAULT": true },
                { "NAME": "mode", "TYPE": "long", "VALUES": [2, 0, 1], "LABELS": ["Two", "Zero", "One"], "DEFAULT": 1 },
                { "NAME": "tint", "TYPE": "color", "DEFAULT": [1, 0.5, 0.25, 1] },
                { "NAME": "centre", "TYPE": "point2D", "DEFAULT": [0.5, 0.5], "MIN": [0, 0], "MAX": [1, 1] },
                { "NAME": "flash", "TYPE": "event" }
            ]
        }*/
        void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage) * amount; }
        """

    @Test("a leading comment holding a JSON object with ISF keys makes the file ISF, compiled as GLSL ES 3.00")
    func detection() throws {
        let isf = try interface(Self.filter)
        #expect(isf.dialect == .isf)
        #expect(isf.version == .es300)
        #expect(isf.isf?.description == "Every input type")
        #expect(isf.isf?.specificationVersion == "2.0")
        #expect(isf.isf?.categories == ["Test"])
        #expect(try interface("\n  \t/*{ \"INPUTS\": [] }*/\nvoid main() {}").dialect == .isf, "blank space may come first")
    }

    @Test("other comments, and JSON without ISF keys, leave the file plain GLSL")
    func notISF() throws {
        #expect(try interface("/* Licence: anything goes. */\nvoid main() {}").dialect == .glsl)
        #expect(try interface("/*{ \"name\": \"x\" }*/\nvoid main() {}").dialect == .glsl)
        #expect(try interface("// /*{ \"INPUTS\": [] }*/\nvoid main() {}").dialect == .glsl, "a header inside a line comment is no header")
        #expect(try interface("/*{ \"INPUTS\": [] }\nvoid main() {}").dialect == .glsl, "a comment never closed is the driver's to report")
    }

    @Test("the header is the first comment holding ISF's JSON, after // lines or a licence, as VVISF finds it")
    func headerAfterComments() throws {
        let text = """
            // Converted from a GLSL Sandbox shader.
            // By someone, CC BY 3.0.
            /* Licence: anything goes. */
            /*{
                "INPUTS": [ { "NAME": "amount", "TYPE": "float", "DEFAULT": 0.5 } ]
            }*/
            void main() { gl_FragColor = vec4(amount * TIME, RENDERSIZE, 1.0); }
            """
        let isf = try interface(text)
        #expect(isf.dialect == .isf)
        #expect(isf.uniform(named: "amount").map { [$0.line, $0.column] } == [5, 28])
        #expect(problem("// a note\n/*{\n  \"INPUTS\": [ { \"NAME\": \"a\" } ]\n}*/\nvoid main() {}")?.hasPrefix("3:15 input 'a' has no TYPE") == true,
                "a mistake in it is located in the file")
    }

    @Test("TYPE is read without regard to case, and ossia score's point3D is a vec3", arguments: [
        ("point2d", GLSLType.vec2), ("AudioFFT", .sampler2D), ("Float", .float), ("point3D", .vec3),
    ])
    func typeNames(type: String, glslType: GLSLType) throws {
        let isf = try interface("/*{ \"INPUTS\": [ { \"NAME\": \"a\", \"TYPE\": \"\(type)\" } ] }*/\nvoid main() {}")
        #expect(isf.uniform(named: "a")?.type == glslType)
    }

    @Test("a point3D's DEFAULT, MIN and MAX are three numbers")
    func point3D() throws {
        let isf = try interface(#"/*{ "INPUTS": [ { "NAME": "at", "TYPE": "point3D", "DEFAULT": [0, 0.5, 1], "MIN": [0, 0, 0], "MAX": [1, 1, 1] } ] }*/"# + "\nvoid main() {}")
        #expect(isf.uniform(named: "at")?.annotation == ParameterAnnotation(defaultValue: [0, 0.5, 1], minimum: [0, 0, 0], maximum: [1, 1, 1]))
        #expect(problem(#"/*{ "INPUTS": [ { "NAME": "at", "TYPE": "point3D", "DEFAULT": [0, 1] } ] }*/"#) == "1:63 DEFAULT of point3D input 'at' needs 3 numbers [x, y, z], found 2")
    }

    @Test("other hosts' types the workbench cannot run are refused, saying why", arguments: [
        ("cube", "is a cube map (VVISF's cube, ossia score's cubemap); the workbench's images are 2D textures, so it cannot feed one"),
        ("cubemap", "is a cube map (VVISF's cube, ossia score's cubemap); the workbench's images are 2D textures, so it cannot feed one"),
        ("audioHistogram", "is ossia score's histogram of sound, which the workbench does not make; use audio (the samples) or audioFFT (the spectrum)"),
        ("storage", "belongs to ossia score's compute shaders (CSF), not to ISF's fragment shaders"),
    ])
    func refusedTypes(type: String, reason: String) {
        #expect(problem("/*{ \"INPUTS\": [ { \"NAME\": \"a\", \"TYPE\": \"\(type)\" } ] }*/\nvoid main() {}")
                == "1:40 input 'a' has TYPE '\(type)', which \(reason)")
    }

    @Test("a Compute Shader Format file read where a fragment shader is expected is refused at its MODE, saying it runs as a compute node")
    func computeShaderFormat() {
        let csf = """
            /*{ "ISFVSN": "2.0",
                "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "outputImage", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba8" } ],
                "PASSES": [ { "LOCAL_SIZE": [16, 16, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE", "TARGET": "outputImage" } } ] }*/
            void main() { imageStore(outputImage, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }
            """
        let found = problem(csf)
        #expect(found?.hasPrefix("2:13 this is a Compute Shader Format file") == true && found?.contains("runs as a compute node") == true, "\(found ?? "none")")
    }

    @Test("descriptive keys written as null count as absent, as published files have them")
    func nullDescriptions() throws {
        let header = try #require(try readHeader("""
            /*{ "ISFVSN": null, "VSN": null, "DESCRIPTION": null, "CREDIT": null, "CATEGORIES": null,
                "INPUTS": [ { "NAME": "amount", "TYPE": "float", "LABEL": null } ] }*/
            void main() { gl_FragColor = vec4(amount); }
            """))
        #expect(header.description == nil && header.credit == nil && header.categories.isEmpty)
        #expect(header.inputs.map(\.name) == ["amount"] && header.inputs[0].label == nil)
    }

    @Test("INPUTS become uniforms of their GLSL type, located at their NAME, with DEFAULT, range and LABEL")
    func inputs() throws {
        let isf = try interface(Self.filter)
        #expect(isf.uniforms.map(\.name) == ["inputImage", "amount", "enabled", "mode", "tint", "centre", "flash"])
        #expect(isf.uniforms.map(\.type) == [.sampler2D, .float, .bool, .int, .vec4, .vec2, .bool])
        #expect(isf.uniform(named: "amount").map { [$0.line, $0.column] } == [7, 20])
        #expect(isf.uniform(named: "inputImage")?.annotation == nil)
        #expect(isf.uniform(named: "amount")?.annotation == ParameterAnnotation(defaultValue: [0.5], minimum: [0], maximum: [2], label: "Amount"))
        #expect(isf.uniform(named: "enabled")?.annotation?.defaultValue == [1])
        #expect(isf.uniform(named: "mode")?.annotation == ParameterAnnotation(defaultValue: [1], minimum: [0], maximum: [2]),
                "a long's range spans its VALUES")
        #expect(isf.uniform(named: "tint")?.annotation?.defaultValue == [1, 0.5, 0.25, 1])
        #expect(isf.uniform(named: "centre")?.annotation == ParameterAnnotation(defaultValue: [0.5, 0.5], minimum: [0, 0], maximum: [1, 1]))
        #expect(isf.uniform(named: "flash")?.annotation == nil)
        let mode = isf.isf?.input(named: "mode")
        #expect(mode?.values == [2, 0, 1])
        #expect(mode?.labels == ["Two", "Zero", "One"])
        #expect(isf.isf?.input(named: "amount")?.identity == [0])
        #expect(isf.isf?.input(named: "flash")?.kind == .event)
    }

    @Test("a lone ISF filter's live source feeds inputImage, ISF's filter convention, wherever it is listed")
    func filterInput() throws {
        let isf = try interface("""
            /*{ "INPUTS": [ { "NAME": "mask", "TYPE": "image" }, { "NAME": "inputImage", "TYPE": "image" } ] }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage) * IMG_THIS_PIXEL(mask); }
            """)
        #expect(isf.primaryImageInput?.name == "inputImage")
        let workspace = try Workspace()
        let path = try workspace.write("fx.fs", Self.filter)
        let composition = try CompositionOpener.open(path: path)
        guard case .shader(let pass) = composition.nodes.first(where: { $0.name == "fx" })?.kind else {
            Issue.record("no shader node")
            return
        }
        #expect(pass.inputs["inputImage"]?.node == CompositionOpener.liveNodeName)
    }

    @Test("malformed JSON is reported where it goes wrong, saying what is wrong", arguments: [
        ("/*{\n    \"DESCRIPTION\": \"x\"\n    \"INPUTS\": []\n}*/", #"3:5 ISF header: expected ',' between the value of "DESCRIPTION" and the next key"#),
        ("/*{ \"INPUTS\": [ { 'NAME': \"a\" } ] }*/", "1:19 ISF header: JSON strings are written in double quotes, not single quotes"),
        ("/*{\n  \"INPUTS\": [\n    { \"NAME\": \"a\", \"TYPE\": \"bool\", \"DEFAULT\": tru }\n  ]\n}*/", "3:47 ISF header: expected a value, found 'tru'; did you mean true?"),
        ("/*{ \"DESCRIPTION\": \"never closed }*/", #"1:20 ISF header: this string is not closed; a '"' is missing"#),
        ("/*{ \"INPUTS\": [ { \"NAME\": \"a\" } }*/", "1:33 ISF header: expected ',' or ']' after item 1 of the list, found '}'"),
        ("/*{ \"INPUTS\": [] } extra */", "1:20 ISF header: unexpected 'extra' after the end of the JSON object; the header holds exactly one { … }"),
        ("/*{\n  \"INPUTS\": [\n    { \"NAME\": \"a\", \"TYPE\": \"image\" }\n    { \"NAME\": \"b\", \"TYPE\": \"image\" }\n  ]\n}*/",
         "4:5 ISF header: expected ',' between item 1 of the list and the next"),
        ("/*{ \"INPUTS\" [] }*/", #"1:14 ISF header: expected ':' after the key "INPUTS", found '['"#),
        ("/*{ \"DESCRIPTION\": \"\\uD83D\" }*/",
         "1:21 ISF header: this \\u escape is the first half of a surrogate pair; the second, \\uDC00 to \\uDFFF, must follow"),
        ("/*{ \"ISFVSN\": 02 }*/", "1:15 ISF header: '02' is not a JSON number; numbers are written like 0, -2, 0.5 or 1e3"),
        ("/*{\n\t\"INPUTS\": [\n\t\t{ \"NAME\": \"a\", \"TYPE\": \"float\"\n\t]\n}*/", "4:2 ISF header: expected ',' or '}' after the value of \"TYPE\", found ']'"),
    ])
    func malformedJSON(text: String, expected: String) {
        #expect(problem(text + "\nvoid main() {}") == expected)
    }

    @Test("inputs that cannot be declared are reported at the offending part", arguments: [
        (#"{ "TYPE": "float" }"#, "2:17 this input has no NAME; every input needs \"NAME\" and \"TYPE\""),
        (#"{ "NAME": "gain" }"#, "2:17 input 'gain' has no TYPE; use one of event, bool, long, float, point2D, point3D, color, image, audio, audioFFT"),
        (#"{ "NAME": "gain", "TYPE": "flot" }"#, "2:43 input 'gain' has unknown TYPE 'flot'; did you mean float?"),
        (#"{ "NAME": "sound", "TYPE": "audioFFT", "MAX": 0 }"#, "2:63 MAX of audioFFT input 'sound' is how many frequency bins its image holds, a whole number from 1 to 96000"),
        (#"{ "NAME": "wave", "TYPE": "audio", "MAX": [256] }"#, "2:59 MAX of audio input 'wave' is how many samples its image holds, a whole number from 1 to 96000"),
        (#"{ "NAME": "tint", "TYPE": "color", "DEFAULT": [1, 0, 0] }"#, "2:63 DEFAULT of color input 'tint' needs 4 numbers [r, g, b, a], found 3"),
        (#"{ "NAME": "at", "TYPE": "point2D", "MAX": 1 }"#, "2:59 MAX of point2D input 'at' must be a list of 2 numbers [x, y]"),
        (#"{ "NAME": "n", "TYPE": "long", "DEFAULT": 1.5 }"#, "2:59 DEFAULT of long input 'n' must be a whole number, found 1.5"),
        (#"{ "NAME": "gain", "TYPE": "float", "DEFAULT": "1" }"#, "2:63 DEFAULT of float input 'gain' must be a number"),
        (#"{ "NAME": "n", "TYPE": "long", "VALUES": [0, 1], "LABELS": ["a"] }"#, "2:76 long input 'n' has 2 VALUES but 1 LABELS; they pair up one to one"),
        (#"{ "NAME": "TIME", "TYPE": "float" }"#, "2:28 'TIME' is an ISF built-in; choose another name for an input"),
        (#"{ "NAME": "my gain", "TYPE": "float" }"#, "2:28 'my gain' cannot name an input: use letters, digits and _, starting with a letter"),
        (#"{ "NAME": "input", "TYPE": "float" }"#, "2:28 'input' is reserved in GLSL; choose another name for an input"),
        (#"{ "NAME": "a", "TYPE": "float" }, { "NAME": "a", "TYPE": "bool" }"#, "2:62 'a' is already declared at line 2"),
    ])
    func badInputs(entries: String, expected: String) {
        #expect(problem("/*{\n    \"INPUTS\": [ \(entries) ]\n}*/\nvoid main() {}") == expected)
    }

    @Test("a uniform the text declares itself with an input's name is reported at the declaration")
    func redeclaredInput() {
        let text = "/*{ \"INPUTS\": [ { \"NAME\": \"gain\", \"TYPE\": \"float\" } ] }*/\nuniform float gain;\nvoid main() {}"
        #expect(problem(text) == "2:15 'gain' is declared by ISF already (its header's INPUTS or a built-in); remove this declaration")
    }

    @Test("PASSES are read into passes with their targets, flags and size expressions")
    func passes() throws {
        let header = try #require(try readHeader("""
            /*{
                "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "scale", "TYPE": "float", "DEFAULT": 4 } ],
                "PASSES": [
                    { "TARGET": "small", "WIDTH": "floor($WIDTH / $scale)", "HEIGHT": "$HEIGHT / 2", "FLOAT": true },
                    { "TARGET": "history", "PERSISTENT": 1 },
                    { "WIDTH": 64 }
                ]
            }*/
            void main() {}
            """))
        #expect(header.passes.map(\.target) == ["small", "history", nil])
        #expect(header.passes.map(\.isPersistent) == [false, true, false])
        #expect(header.passes.map(\.isFloat) == [true, false, false])
        #expect(header.passes.map { $0.width?.text } == ["floor($WIDTH / $scale)", nil, "64"])
        #expect(header.passes[0].targetLocation.map { [$0.line, $0.column] } == [4, 22])
        #expect(header.passesLocation.map { [$0.line, $0.column] } == [3, 5])
        let render = PixelSize(width: 641, height: 480)
        #expect(header.passes[0].size(renderSize: render, inputs: ["scale": 4]) == PixelSize(width: 160, height: 240))
        #expect(header.passes[1].size(renderSize: render) == render)
        #expect(header.passes[2].size(renderSize: render) == PixelSize(width: 64, height: 480))
    }

    @Test("a size expression's mistake is reported inside its string")
    func badSizeExpression() {
        let text = """
            /*{
                "INPUTS": [ { "NAME": "scale", "TYPE": "float" } ],
                "PASSES": [ { "WIDTH": "$WIDTH / $scal" } ]
            }*/
            void main() {}
            """
        #expect(problem(text) == "3:38 WIDTH: unknown variable '$scal'; did you mean $scale?")
    }

    @Test("a header nested deeper than any header needs is refused at the level too many, not recursed into")
    func deepNesting() {
        let text = "/*{ \"INPUTS\": " + String(repeating: "[", count: 20_000) + " }*/\nvoid main() {}"
        #expect(problem(text) == "1:47 ISF header: the header nests more than 32 levels deep")
    }

    @Test("several passes, pass targets and IMPORTED images load")
    func passesLoad() throws {
        let header = try #require(try interface("/*{ \"PASSES\": [ { \"TARGET\": \"buffer\", \"PERSISTENT\": true }, {} ] }*/\nvoid main() {}").isf)
        #expect(header.passes.map(\.target) == ["buffer", nil])
        #expect(header.passes.first?.isPersistent == true)
    }

    @Test("IMPORTED images keep their names and their paths, resolved against the shader's folder")
    func imported() throws {
        let header = try #require(try readHeader("""
            /*{ "IMPORTED": { "noise": { "PATH": "noise.png" }, "lut": { "PATH": "../luts/warm.png" } } }*/
            void main() {}
            """))
        #expect(header.imported.map(\.name) == ["noise", "lut"])
        #expect(header.imported.map(\.path) == ["fx/noise.png", "luts/warm.png"])
        let listed = try #require(try readHeader("/*{ \"IMPORTED\": [ { \"NAME\": \"noise\", \"PATH\": \"n.png\" } ] }*/\nvoid main() {}"))
        #expect(listed.imported.map(\.path) == ["fx/n.png"])
    }

    @Test("an IMPORTED cube map, which VVISF makes of six images, is refused, saying why")
    func importedCube() {
        #expect(problem(#"/*{ "IMPORTED": { "sky": { "TYPE": "cube", "PATH": ["a.png", "b.png", "c.png", "d.png", "e.png", "f.png"] } } }*/"#)
                == "1:36 imported image 'sky' has TYPE 'cube', which is a cube map (VVISF's cube, ossia score's cubemap); the workbench's images are 2D textures, so it cannot feed one")
    }
}
