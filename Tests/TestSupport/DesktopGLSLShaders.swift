/// Shaders written for desktop OpenGL, each relying on one thing its GLSL allows and GLSL ES refuses, with
/// the colour each draws everywhere; and one that no profile accepts.
public enum DesktopGLSLShader: String, CaseIterable, Sendable {
    /// An ISF shader that defines its own `sign`, which GLSL ES forbids for a built-in's name.
    case redefinedBuiltIn = "own-sign.fs"
    /// An ISF shader whose global is initialised from a uniform, which GLSL ES requires to be constant.
    case uniformInitialisedGlobal = "half-level.fs"
    /// A GLSL ES 1.00 shader that mixes ints into float arithmetic, which GLSL ES never converts implicitly.
    case implicitConversions = "int-to-float.fsh"
    /// A desktop GLSL 3.30 shader, its `#version` line as desktop OpenGL has it, nothing else ES would refuse.
    case desktopVersion330 = "version-330.fsh"
    /// A desktop GLSL 1.20 shader that also initialises a float from an int.
    case desktopVersion120 = "version-120.fsh"

    public var text: String {
        switch self {
        case .redefinedBuiltIn:
            """
            /*{
              "INPUTS": [ { "NAME": "level", "TYPE": "float", "DEFAULT": 0.5 } ]
            }*/
            float sign(float x) { return x > 0.0 ? 1.0 : 0.25; }
            void main() {
                gl_FragColor = vec4(sign(level), sign(-level), 0.0, 1.0);
            }
            """
        case .uniformInitialisedGlobal:
            """
            /*{
              "INPUTS": [ { "NAME": "level", "TYPE": "float", "DEFAULT": 0.5 } ]
            }*/
            float halfLevel = level * 0.5;
            void main() {
                gl_FragColor = vec4(halfLevel, level, 0.0, 1.0);
            }
            """
        case .implicitConversions:
            """
            precision mediump float;
            void main() {
                float one = 1;
                vec2 v = vec2(1, 2) * 2;
                gl_FragColor = vec4(v / 4, one - 1, one);
            }
            """
        case .desktopVersion330:
            """
            #version 330 core
            out vec4 colour;
            void main() {
                colour = vec4(0.25, 0.5, 1.0, 1.0);
            }
            """
        case .desktopVersion120:
            """
            #version 120
            void main() {
                float level = 1;
                gl_FragColor = vec4(level / 2, 0.0, level, 1.0);
            }
            """
        }
    }

    /// The colour every pixel comes out as, in 8-bit RGBA.
    public var colour: [UInt8] {
        switch self {
        case .redefinedBuiltIn: [255, 64, 0, 255]
        case .uniformInitialisedGlobal: [64, 128, 0, 255]
        case .implicitConversions: [128, 255, 0, 255]
        case .desktopVersion330: [64, 128, 255, 255]
        case .desktopVersion120: [128, 0, 255, 255]
        }
    }

    /// Broken as desktop GLSL and as GLSL ES: line 4 names something never declared (column 25).
    public static let brokenEverywhere = """
        precision mediump float;
        void main() {
            float one = 1;
            gl_FragColor = vec4(undeclaredThing, one, 0.0, 1.0);
        }
        """

    /// A GPUImage-style shader whose vertex stage of its own (`raised.vsh`, beside it) initialises a float
    /// from an int, which only desktop GLSL accepts; every pixel comes out `vertexShaderColour`.
    public static let vertexShader = """
        attribute vec4 position;
        varying vec2 textureCoordinate;
        void main() {
            float one = 1;
            gl_Position = position * one;
            textureCoordinate = vec2(one, 0.5);
        }
        """
    public static let vertexShaderFragment = "varying highp vec2 textureCoordinate;\nvoid main() { gl_FragColor = vec4(textureCoordinate, 0.0, 1.0); }\n"
    public static let vertexShaderColour: [UInt8] = [255, 128, 0, 255]
}
