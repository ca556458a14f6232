import ShaderGraph
import ShaderLanguage

/// Loads the bytes as a composition among a few embedded shaders (one of each dialect, and a library
/// filter), so validation reaches real shader interfaces without touching the disk; a composition that
/// loads must plan.
enum CompositionFuzzing {
    static let folder = "/fuzz"

    static let files: SourceFiles = .embedded(texts: [
        "\(folder)/tint.fsh": """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            uniform lowp float amount; // default: 0.5, range: 0...1
            uniform lowp vec3 colour;
            uniform mediump mat3 matrix;
            uniform lowp float weights[3];
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * amount; }
            """,
        "\(folder)/toy.frag": """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = texture(iChannel0, fragCoord / iResolution.xy); }
            """,
        "\(folder)/passes.fs": """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "scale", "TYPE": "float", "DEFAULT": 0.5 } ],
                "PASSES": [ { "TARGET": "half", "WIDTH": "$WIDTH*$scale", "HEIGHT": "$HEIGHT*$scale", "PERSISTENT": true }, {} ] }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage); }
            """,
        "\(folder)/shaders/sepia.fsh": """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform lowp float intensity; // default: 1, range: 0...1
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * intensity; }
            """,
    ], otherFiles: ["\(folder)/photo.png", "\(folder)/clip.mp4"], filterFolder: "\(folder)/shaders")

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        // YAML 1.1 (libyaml) breaks lines at CR, LF, CR LF, NEL and the Unicode line and paragraph separators.
        let lineCount = text.unicodeScalars.filter { ["\r", "\n", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }.count + 1
        do {
            let composition = try CompositionLoader.load(source: SourceText(path: "\(folder)/c.yaml", text: text), files: files)
            _ = try? FramePlan(composition)
        } catch {
            for diagnostic in error.diagnostics {
                _ = diagnostic.rendered()
                guard let location = diagnostic.location, location.file == "\(folder)/c.yaml" else { continue }
                precondition(location.line >= 0 && location.line <= lineCount + 1, "a diagnostic beyond the text: \(diagnostic)")
            }
        }
    }
}
