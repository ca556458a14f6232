import Testing
@testable import ShaderGraph
import ShaderLanguage

/// Which control each published parameter gets, and the values it starts from and resets to.
@Suite("Parameters as the panel offers them")
struct TunableParameterTests {
    func parameters(_ shader: String, file: String = "s.fsh", uniforms: String = "") throws -> [String: TunableParameter] {
        let workspace = try Workspace()
        let path = try workspace.write(file, shader)
        var composition = try CompositionOpener.open(path: path)
        if !uniforms.isEmpty {
            composition = try workspace.load("""
                nodes:
                  clock: { kind: time }
                  s: { kind: shader, file: \(file), uniforms: { \(uniforms) } }
                publish: [\(composition.published.map { "s.\($0.uniform)" }.joined(separator: ", "))]
                """)
        }
        let all = TunableParameter.all(in: composition, renderSize: PixelSize(width: 640, height: 360))
        return Dictionary(all.map { ($0.reference.uniform, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static let glsl = """
        precision mediump float;
        uniform float amount;     // default: 0.3, range: 0...2, label: "Amount"
        uniform float gain;       // default: 5
        uniform int steps;        // default: 3, range: 1...8
        uniform bool flip;
        uniform vec2 centre;      // default: [0.5, 0.5]
        uniform vec3 tintColour;  // default: [1, 0.5, 0]
        uniform vec3 direction;   // default: [0, 0, 1], range: -1...1
        uniform vec4 glow;        // label: "Glow colour"
        uniform mat2 warp;
        void main() { gl_FragColor = vec4(amount + gain + float(steps) + centre.x + tintColour.x + direction.x + glow.x + warp[0][0], 0.0, flip ? 1.0 : 0.0, 1.0); }
        """

    @Test("each GLSL type gets its control, with the shader's range, else one the default sits in")
    func controlsByType() throws {
        let found = try parameters(Self.glsl)
        #expect(found["amount"]?.control == .slider(0...2))
        #expect(found["amount"]?.label == "Amount")
        #expect(found["gain"]?.control == .slider(0...10))
        #expect(found["steps"]?.control == .integerSlider(1...8))
        #expect(found["flip"]?.control == .checkbox)
        #expect(found["centre"]?.control == .point(x: 0...1, y: 0...1, yUp: false))
        #expect(found["direction"]?.control == .components([-1...1, -1...1, -1...1], integers: false))
        #expect(found["warp"]?.control == .components([0...1, 0...1, 0...1, 0...1], integers: false))
    }

    @Test("a vec3 or vec4 whose name or label says colour, color or tint is a colour")
    func colourByName() throws {
        let found = try parameters(Self.glsl)
        #expect(found["tintColour"]?.control == .colour)
        #expect(found["glow"]?.control == .colour)
    }

    @Test("a parameter starts from the composition's value and resets to the shader's default")
    func startAndDefault() throws {
        let found = try parameters(Self.glsl, uniforms: "amount: 1.5, steps: clock")
        #expect(found["amount"]?.compositionValue == [1.5])
        #expect(found["amount"]?.defaultValue == [0.3])
        #expect(found["gain"]?.compositionValue == [5])
        #expect(found["flip"]?.compositionValue == [0])
        #expect(found["flip"]?.defaultValue == [0])
    }

    @Test("a wired parameter has no value of its own and names its wire")
    func wired() throws {
        let found = try parameters(Self.glsl, uniforms: "steps: clock")
        #expect(found["steps"]?.isWired == true)
        #expect(found["steps"]?.compositionValue == nil)
        #expect(found["steps"]?.wire?.node == "clock")
    }

    @Test("ISF inputs: event a button, long with VALUES a menu of its LABELS, color a colour, point2D a point in pixels, y up")
    func isf() throws {
        let found = try parameters("""
            /*{
                "INPUTS": [
                    { "NAME": "reset", "TYPE": "event" },
                    { "NAME": "mode", "TYPE": "long", "VALUES": [0, 2, 5], "LABELS": ["Off", "Some", "All"], "DEFAULT": 2 },
                    { "NAME": "shade", "TYPE": "color", "DEFAULT": [1, 0, 0, 1] },
                    { "NAME": "spot", "TYPE": "point2D", "DEFAULT": [10, 20] },
                    { "NAME": "where", "TYPE": "point2D", "DEFAULT": [0.5, 0.5], "MIN": [0, 0], "MAX": [1, 1] },
                    { "NAME": "size", "TYPE": "float", "DEFAULT": 0.2, "MIN": 0.0, "MAX": 0.5 }
                ]
            }*/
            void main() { gl_FragColor = shade * size + vec4(spot + where, float(mode), reset ? 1.0 : 0.0); }
            """, file: "s.fs")
        #expect(found["reset"]?.control == .button)
        #expect(found["mode"]?.control == .menu(values: [0, 2, 5], labels: ["Off", "Some", "All"]))
        #expect(found["mode"]?.compositionValue == [2])
        #expect(found["shade"]?.control == .colour)
        #expect(found["spot"]?.control == .point(x: 0...640, y: 0...360, yUp: true))
        #expect(found["where"]?.control == .point(x: 0...1, y: 0...1, yUp: true))
        #expect(found["size"]?.control == .slider(0...0.5))
    }

    @Test("a fallback range holds the default: 0 to 1 for fractions, else twice its size")
    func fallbackRange() {
        #expect(DeclaredBounds.fallback(around: 0) == 0...1)
        #expect(DeclaredBounds.fallback(around: 0.7) == 0...1)
        #expect(DeclaredBounds.fallback(around: 4) == 0...8)
        #expect(DeclaredBounds.fallback(around: -3) == -6...6)
    }
}
