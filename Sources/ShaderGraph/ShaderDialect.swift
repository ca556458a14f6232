/// The conventions a fragment shader is written in, detected from its text; each is normalised to GLSL ES
/// with `#line` directives so the driver reports the user's own lines.
public enum ShaderDialect: String, Sendable, Hashable {
    /// GLSL ES 1.00 or 3.00 with its own `main`: GPUImage style, or plain uniforms.
    case glsl
    /// ShaderToy: `mainImage(out vec4, in vec2)` with `iTime`, `iResolution`, `iChannel0…3` and friends.
    case shaderToy
    /// ISF: a JSON header in the comment that opens the file declares inputs and passes; `TIME`,
    /// `RENDERSIZE`, `IMG_NORM_PIXEL` and friends. Detected from the header (`ISFHeaderText`), not the tokens.
    case isf

    static func detect(_ tokens: [GLSLToken]) -> ShaderDialect {
        func defines(_ name: String) -> Bool {
            tokens.indices.contains { index in
                tokens[index].text == name && index + 1 < tokens.count && tokens[index + 1].text == "("
                    && index > 0 && (GLSLType(name: tokens[index - 1].text) != .other(tokens[index - 1].text) || tokens[index - 1].text == "void")
            }
        }
        return defines("mainImage") && !defines("main") ? .shaderToy : .glsl
    }
}

/// ShaderToy's conventions on top of GLSL ES 3.00. Its coordinates have y up (fragCoord from the bottom-left,
/// texture t = 0 at an image's bottom), the workbench's have row 0 at the top: the prelude flips both, so a
/// ShaderToy shader looks the same here as on the site, procedural or sampling its channels.
enum ShaderToyDialect {
    static let channels = ["iChannel0", "iChannel1", "iChannel2", "iChannel3"]

    /// What the workbench sets every frame, with the GLSL declaration of each.
    static let builtIns: [(name: String, declaration: String)] = [
        ("iResolution", "uniform vec3 iResolution;"),
        ("iTime", "uniform float iTime;"),
        ("iTimeDelta", "uniform float iTimeDelta;"),
        ("iFrameRate", "uniform float iFrameRate;"),
        ("iFrame", "uniform int iFrame;"),
        ("iMouse", "uniform vec4 iMouse;"),
        ("iDate", "uniform vec4 iDate;"),
        ("iChannelTime", "uniform float iChannelTime[4];"),
        ("iChannelResolution", "uniform vec3 iChannelResolution[4];"),
    ]

    static let outputName = "shaderbenchFragColor"

    /// The declarations and helpers the user's text is compiled after (`channels`: the samplers it uses).
    static func prelude(channels: [String]) -> [String] {
        var lines = [
            "precision highp float;",
            "precision highp int;",
        ]
        lines += builtIns.map(\.declaration)
        lines += channels.map { "uniform sampler2D \($0);" }
        // Every 2D sampler here is a channel, so flipping t in the lookup functions flips exactly the channels.
        lines += [
            "vec4 shaderbenchTexture(sampler2D s, vec2 c) { return texture(s, vec2(c.x, 1.0 - c.y)); }",
            "vec4 shaderbenchTexture(sampler2D s, vec2 c, float bias) { return texture(s, vec2(c.x, 1.0 - c.y), bias); }",
            "vec4 shaderbenchTextureLod(sampler2D s, vec2 c, float lod) { return textureLod(s, vec2(c.x, 1.0 - c.y), lod); }",
            "vec4 shaderbenchTexelFetch(sampler2D s, ivec2 p, int lod) { return texelFetch(s, ivec2(p.x, textureSize(s, lod).y - 1 - p.y), lod); }",
            "vec4 shaderbenchTextureGrad(sampler2D s, vec2 c, vec2 dx, vec2 dy) { return textureGrad(s, vec2(c.x, 1.0 - c.y), vec2(dx.x, -dx.y), vec2(dy.x, -dy.y)); }",
            "#define texture shaderbenchTexture",
            "#define textureLod shaderbenchTextureLod",
            "#define texelFetch shaderbenchTexelFetch",
            "#define textureGrad shaderbenchTextureGrad",
            "out vec4 \(outputName);",
        ]
        return lines
    }

    /// The `main` that calls the user's `mainImage` with ShaderToy's bottom-up pixel coordinate. The image
    /// is shown opaque, as on the site.
    static let epilogue = [
        "void main() {",
        "    \(outputName) = vec4(0.0);",
        "    mainImage(\(outputName), vec2(gl_FragCoord.x, iResolution.y - gl_FragCoord.y));",
        "    \(outputName).a = 1.0;",
        "}",
    ]
}
