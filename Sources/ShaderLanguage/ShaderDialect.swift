/// The conventions a fragment shader is written in, detected from its text; each is normalised to GLSL ES
/// with `#line` directives so the driver reports the user's own lines.
public enum ShaderDialect: String, Sendable, Hashable {
    /// GLSL ES 1.00 or 3.00 with its own `main`: GPUImage style, or plain uniforms.
    case glsl
    /// ShaderToy: `mainImage(out vec4, in vec2)` with `iTime`, `iResolution`, `iChannel0…3` and friends.
    case shaderToy
    /// ISF: a JSON header in a `/* … */` comment (the first that holds one) declares inputs and passes; `TIME`,
    /// `RENDERSIZE`, `IMG_NORM_PIXEL` and friends. Detected from the header (`ISFHeaderText`), not the tokens.
    case isf
    /// glslViewer and The Book of Shaders: its own `main` with `u_time`, `u_resolution`, `u_mouse`, `u_tex0…`
    /// and the `v_texcoord` varying (`GLSLViewerDialect`).
    case glslViewer
    /// GLSL Sandbox (glslsandbox.com): its own `main` with `time`, `resolution`, `mouse`, `surfacePosition`
    /// and `backbuffer` (`GLSLSandboxDialect`).
    case glslSandbox
    /// Bonzomatic: desktop GLSL with its own `main`, `fGlobalTime`, `v2Resolution`, `texFFT…` and
    /// `texPreviousFrame` (`BonzomaticDialect`).
    case bonzomatic
    /// VS Code's Shader Toy extension: ShaderToy's uniforms, ten channels bound by `#iChannelN` lines,
    /// `iGlobalTime`, `#iKeyboard`, and `mainImage` or a `main` of its own (`VSCodeShaderToyDialect`).
    case vsCodeShaderToy

    /// The dialect's name as people call it, in messages.
    public var title: String {
        switch self {
        case .glsl: "GLSL ES"
        case .shaderToy: "ShaderToy"
        case .isf: "ISF"
        case .glslViewer: "glslViewer"
        case .glslSandbox: "GLSL Sandbox"
        case .bonzomatic: "Bonzomatic"
        case .vsCodeShaderToy: "VS Code Shader Toy"
        }
    }

    /// The channels a shader of this dialect samples by number (`iChannel0` …), whose sizes
    /// `iChannelResolution` reports, in order; none for the dialects that name their images otherwise.
    public var shaderToyChannels: [String] {
        switch self {
        case .shaderToy: ShaderToyDialect.channels
        case .vsCodeShaderToy: VSCodeShaderToyDialect.channels
        case .glsl, .isf, .glslViewer, .glslSandbox, .bonzomatic: []
        }
    }

    /// The dialect of a shader from its tokens, the uniforms and varyings it declares and the macros it defines.
    static func detect(_ tokens: [GLSLToken], uniforms: [ShaderInterface.Declaration], varyings: [ShaderInterface.Declaration],
                       macros: Set<String>) -> ShaderDialect {
        func defines(_ name: String) -> Bool {
            tokens.indices.contains { index in
                tokens[index].text == name && index + 1 < tokens.count && tokens[index + 1].text == "("
                    && index > 0 && (GLSLType(name: tokens[index - 1].text) != .other(tokens[index - 1].text) || tokens[index - 1].text == "void")
            }
        }
        let ownMain = defines("main")
        func writtenForVSCode() -> Bool {
            VSCodeShaderToyDialect.isUsed(tokens, declared: Set(uniforms.map(\.name)).union(macros), ownMain: ownMain)
        }
        if defines("mainImage") && !ownMain { return writtenForVSCode() ? .vsCodeShaderToy : .shaderToy }
        if GLSLViewerDialect.isUsed(uniforms: uniforms, varyings: varyings) { return .glslViewer }
        if BonzomaticDialect.isUsed(uniforms: uniforms) { return .bonzomatic }
        if GLSLSandboxDialect.isUsed(uniforms: uniforms, varyings: varyings) { return .glslSandbox }
        return ownMain && writtenForVSCode() ? .vsCodeShaderToy : .glsl
    }
}

/// ShaderToy's conventions on top of GLSL ES 3.00 (`shadertoy-prelude.frag.glsl`). Its coordinates have y up
/// (fragCoord from the bottom-left, texture t = 0 at an image's bottom), the workbench's have row 0 at the top:
/// the prelude flips both, so a ShaderToy shader looks the same here as on the site, procedural or sampling
/// its channels.
package enum ShaderToyDialect {
    package static let channels = ["iChannel0", "iChannel1", "iChannel2", "iChannel3"]

    /// What the site sets every frame (or once, for the sizes), as the prelude declares it.
    package static let frameUniforms = ["iResolution", "iTime", "iTimeDelta", "iFrameRate", "iFrame", "iMouse", "iDate",
                                "iChannelTime", "iChannelResolution", "iSampleRate"]

    /// The declarations and helpers the user's text is compiled after (`channels`: the samplers it uses).
    static func prelude(channels: [String]) -> [String] {
        DialectShaderFile.shaderToyPrelude.lines + DialectShaderFile.yUpLookups.lines + channels.map { "uniform sampler2D \($0);" }
    }

    /// Defined before the prelude for a pass whose alpha the `main` sets to 1.
    static let opaque = ["#define SHADERBENCH_OPAQUE"]

    /// The `main` that calls the user's `mainImage`.
    static var epilogue: [String] { DialectShaderFile.shaderToyMain.lines }
}
