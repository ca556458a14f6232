import CGLES
import ShaderGraph
import ShaderLanguage

/// What the current context says about itself.
public enum GLInfo {
    public static var renderer: String {
        "\(string(GL_RENDERER)), \(string(GL_VERSION))"
    }

    public static var maximumTextureSize: Int {
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        return Int(size)
    }

    /// Whether the current context's driver lists EXT_shader_framebuffer_fetch, so a shader can read its
    /// target as it draws.
    public static var supportsFramebufferFetch: Bool {
        string(GL_EXTENSIONS).split(separator: " ").contains { $0 == FramebufferFetch.extensionName }
    }

    /// Whether the current context's driver lists EXT_disjoint_timer_query, so GPU time can be measured per
    /// draw without finishing the work.
    public static var supportsTimerQueries: Bool {
        string(GL_EXTENSIONS).split(separator: " ").contains { $0 == "GL_EXT_disjoint_timer_query" }
    }

    /// The bits of mantissa the current context's fragment stage computes `mediump` floats with: 23 where it
    /// computes them at 32 bits, 10 at 16 (Mesa's software rasterizer, phones' GPUs).
    public static var mediumFloatPrecisionBits: Int {
        var range: [GLint] = [0, 0]
        var precision: GLint = 0
        glGetShaderPrecisionFormat(GLenum(GL_FRAGMENT_SHADER), GLenum(GL_MEDIUM_FLOAT), &range, &precision)
        return Int(precision)
    }

    /// Whether the current context draws on the CPU (Mesa's llvmpipe or softpipe), where every pass costs what
    /// the CPU's own work would, and conversions are cheaper done by libswscale.
    public static var isSoftwareRasterizer: Bool {
        let renderer = string(GL_RENDERER).lowercased()
        return renderer.contains("llvmpipe") || renderer.contains("softpipe")
    }

    static func string(_ name: Int32) -> String {
        guard let pointer = glGetString(GLenum(name)) else { return "unknown" }
        return String(cString: pointer)
    }

    /// Drains the GL error flags into one error, for checking after set-up work. Never per frame: the flags
    /// may hold errors that belong to whoever drew before.
    public static func check(_ what: @autoclosure () -> String) throws(GPUError) {
        var codes: [GLenum] = []
        while case let code = glGetError(), code != GLenum(GL_NO_ERROR), codes.count < 8 {
            codes.append(code)
        }
        guard codes.isEmpty else {
            throw GPUError("\(what()) failed: GL error \(codes.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))")
        }
    }
}
