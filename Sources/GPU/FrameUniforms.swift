import CGLES
import Foundation
import ShaderGraph
import ShaderLanguage

/// The uniforms a dialect expects the host to set every frame (ShaderToy's `iTime`, ISF's `TIME`, …),
/// resolved to locations once; absent ones are -1 and cost nothing.
struct FrameUniforms {
    private let dialect: ShaderDialect
    private var time: GLint = -1
    private var timeDelta: GLint = -1
    private var frameRate: GLint = -1
    private var frame: GLint = -1
    private var mouse: GLint = -1
    private var date: GLint = -1
    private var channelTime: GLint = -1
    /// glslViewer's `u_mouse` (scaled to the pass's pixels) and GLSL Sandbox's `mouse` (a fraction), and where
    /// each puts the pointer before it has been over the output.
    private var pointer: GLint = -1
    private var pointerScale = SIMD2<Float>(1, 1)
    private var restingPointer = SIMD2<Float>(0, 0)
    /// ShaderToy's channels and the steps whose images they sample, for `iChannelTime`.
    private var channelSteps: [(channel: Int, step: Int)] = []

    /// Whether the program reads a uniform that changes every frame of its own accord (the time, the frame
    /// number, the date): its image then changes with the clock whatever its inputs do. Inactive uniforms have
    /// no location, so a shader that declares `iTime` and never uses it does not count.
    var readsClock: Bool { time >= 0 || frame >= 0 || date >= 0 || channelTime >= 0 }

    /// Nil for dialects that set nothing per frame.
    /// `inputSizes` are the sizes of the images `pass.inputs` sample, in their order.
    init?(program: ShaderProgram, pass: PassPlan, passSize: PixelSize, inputSizes: [PixelSize]) {
        dialect = pass.interface.dialect
        switch dialect {
        case .glsl:
            return nil
        case .shaderToy, .vsCodeShaderToy:
            time = program.uniformLocation("iTime")
            timeDelta = program.uniformLocation("iTimeDelta")
            frameRate = program.uniformLocation("iFrameRate")
            frame = program.uniformLocation("iFrame")
            mouse = program.uniformLocation("iMouse")
            date = program.uniformLocation("iDate")
            channelTime = program.uniformLocation("iChannelTime")
            channelSteps = pass.inputs.compactMap { input in input.shaderToyChannel.map { ($0, input.source) } }
            // Fixed for the life of the pass: its size, its channels' sizes in channel order, and the audio
            // sample rate, the site's default since no channel here plays sound.
            glUseProgram(program.name)
            glUniform1f(program.uniformLocation("iSampleRate"), 44100)
            glUniform3f(program.uniformLocation("iResolution"), Float(passSize.width), Float(passSize.height), 1)
            let channels = dialect.shaderToyChannels.count
            var resolutions = [Float](repeating: 0, count: channels * 3)
            for (input, size) in zip(pass.inputs, inputSizes) {
                guard let channel = input.shaderToyChannel else { continue }
                resolutions[channel * 3] = Float(size.width)
                resolutions[channel * 3 + 1] = Float(size.height)
                resolutions[channel * 3 + 2] = 1
            }
            glUniform3fv(program.uniformLocation("iChannelResolution"), GLsizei(channels), resolutions)
        case .glslViewer:
            time = program.uniformLocation("u_time")
            timeDelta = program.uniformLocation("u_delta")
            frame = program.uniformLocation("u_frame")
            date = program.uniformLocation("u_date")
            pointer = program.uniformLocation("u_mouse")
            pointerScale = SIMD2(Float(passSize.width), Float(passSize.height))
            // Fixed for the life of the pass: its size (and the height the prelude turns gl_FragCoord over by)
            // and each image's own size.
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("u_resolution"), Float(passSize.width), Float(passSize.height))
            glUniform1f(program.uniformLocation("shaderbenchPassHeight"), Float(passSize.height))
            for (input, size) in zip(pass.inputs, inputSizes) {
                glUniform2f(program.uniformLocation(GLSLViewerDialect.resolutionUniform(of: input.sampler)), Float(size.width), Float(size.height))
            }
        case .glslSandbox:
            time = program.uniformLocation("time")
            pointer = program.uniformLocation("mouse")
            restingPointer = GLSLSandboxDialect.restingMouse
            // Fixed for the life of the pass: its size, the height the prelude turns gl_FragCoord over by, and
            // the surface's (one unit high).
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("resolution"), Float(passSize.width), Float(passSize.height))
            glUniform1f(program.uniformLocation("shaderbenchPassHeight"), Float(passSize.height))
            glUniform2f(program.uniformLocation(VertexStage.surfaceSizeUniform), Float(passSize.width) / Float(passSize.height), 1)
        case .bonzomatic:
            time = program.uniformLocation("fGlobalTime")
            timeDelta = program.uniformLocation("fFrameTime")
            // Fixed for the life of the pass: its size and the height the prelude turns gl_FragCoord over by.
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("v2Resolution"), Float(passSize.width), Float(passSize.height))
            glUniform1f(program.uniformLocation("shaderbenchPassHeight"), Float(passSize.height))
        case .isf:
            time = program.uniformLocation("TIME")
            timeDelta = program.uniformLocation("TIMEDELTA")
            frame = program.uniformLocation("FRAMEINDEX")
            date = program.uniformLocation("DATE")
            // Fixed for the life of the pass; images' sizes come from textureSize in IMG_SIZE, and PASSINDEX
            // keeps its initial 0 in a single pass.
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("RENDERSIZE"), Float(passSize.width), Float(passSize.height))
        }
    }

    /// Sets this frame's values on the bound program. `sourceSeconds` holds, by step, a movie's playback
    /// time this frame: a channel showing one reports it in `iChannelTime`, others the frame's time.
    func set(_ state: FrameState, sourceSeconds: [Double?]) {
        if channelTime >= 0 {
            var times = SIMD4<Float>(repeating: Float(state.time.seconds))
            for (channel, step) in channelSteps {
                if let seconds = sourceSeconds[step] { times[channel] = Float(seconds) }
            }
            withUnsafeBytes(of: &times) { glUniform1fv(channelTime, 4, $0.baseAddress?.assumingMemoryBound(to: GLfloat.self)) }
        }
        glUniform1f(time, Float(state.time.seconds))
        glUniform1i(frame, GLint(state.time.index))
        glUniform1f(frameRate, Float(1 / state.delta))
        glUniform4f(mouse, state.mouse.x, state.mouse.y, state.mouse.z, state.mouse.w)
        let position = (state.pointer ?? restingPointer) * pointerScale
        glUniform2f(pointer, position.x, position.y)
        // ISF has no interval before the first frame; it and glslViewer count months from 1, ShaderToy from 0.
        glUniform1f(timeDelta, dialect == .isf && state.time.index == 0 ? 0 : Float(state.delta))
        let month = dialect.shaderToyChannels.isEmpty ? state.date.y + 1 : state.date.y
        glUniform4f(date, state.date.x, month, state.date.z, state.date.w)
    }
}

/// What a frame tells the passes beyond its time: the interval since the last frame, the mouse, the date.
struct FrameState {
    var time: FrameTime
    /// Seconds since the previous frame; for a render, one frame at its rate, so split renders agree.
    var delta: Double
    /// ShaderToy's convention, in pixels with y up: xy while a button is held, zw where it was pressed.
    var mouse: SIMD4<Float>
    /// Where the pointer is over the output, held or not, as a fraction of its size from the bottom-left
    /// (glslViewer's `u_mouse`, scaled to each pass); nil until it has been over the output.
    var pointer: SIMD2<Float>?
    /// Year, month (0–11), day, and seconds since midnight, in `DateOrigin`'s calendar.
    var date: SIMD4<Float>

    static func date(at moment: Date, in calendar: Calendar) -> SIMD4<Float> {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moment)
        let seconds = Double((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) + Double(parts.nanosecond ?? 0) / 1e9
        return SIMD4(Float(parts.year ?? 0), Float((parts.month ?? 1) - 1), Float(parts.day ?? 1), Float(seconds))
    }
}
