import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Preparing ISF shaders for the driver")
struct ISFPreparedShaderTests {
    func prepare(_ text: String) throws -> [Substring] {
        let source = SourceText(path: "s.fs", text: text)
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
        return shader.fragmentSource.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static let text = """
        /*{
            "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "level", "TYPE": "long" } ]
        }*/
        void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }
        """

    @Test("GLSL ES 3.00 with the prelude as source string 1, then the whole file, header comment included, from line 1 of string 0")
    func layout() throws {
        let lines = try prepare(Self.text)
        #expect(Array(lines.prefix(2)) == ["#version 300 es", "#line 100001 1"])
        let userStart = try #require(lines.firstIndex(of: "#line 1 0"))
        #expect(Array(lines[(userStart + 1)...]) == SourceText(path: "s.fs", text: Self.text).lines)
    }

    @Test("the prelude declares the inputs and ISF's built-ins, and maps gl_FragColor to its output")
    func prelude() throws {
        let lines = try prepare(Self.text)
        for declaration in ["uniform sampler2D inputImage;", "uniform int level;", "uniform float TIME;", "uniform vec2 RENDERSIZE;",
                            "uniform int PASSINDEX;", "out vec4 shaderbenchFragColor;", "#define gl_FragColor shaderbenchFragColor"] {
            #expect(lines.contains(Substring(declaration)), "\(declaration)")
        }
        #expect(lines.contains { $0.hasPrefix("vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coordinate)") })
    }

    @Test("a text that declares its own output gets none from the prelude")
    func ownOutput() throws {
        let lines = try prepare("/*{ \"INPUTS\": [] }*/\nout vec4 colour;\nvoid main() { colour = vec4(TIME); }")
        #expect(!lines.contains { $0.contains("shaderbenchFragColor") })
    }
}
