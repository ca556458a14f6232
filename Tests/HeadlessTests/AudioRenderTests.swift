import Foundation
import Images
import TestSupport
import Testing

/// ISF audio visualisers rendered by `shaderbench render`, fed tones made by ffmpeg.
@Suite("ISF audio inputs in renders")
struct AudioRenderTests {
    /// Column x shows bin x of the spectrum: red from the first channel (ISF's y = 0), green from the second;
    /// blue says whether the waveform's image is 300 samples by 2 channels.
    static let spectrumShader = """
        /*{
            "INPUTS": [
                { "NAME": "wave", "TYPE": "audio", "MAX": 300 },
                { "NAME": "spectrum", "TYPE": "audioFFT", "MAX": 256 }
            ]
        }*/
        void main() {
            float x = isf_FragNormCoord.x;
            bool waveShape = IMG_SIZE(wave) == vec2(300.0, 2.0);
            gl_FragColor = vec4(IMG_NORM_PIXEL(spectrum, vec2(x, 0.25)).r, IMG_NORM_PIXEL(spectrum, vec2(x, 0.75)).r,
                                waveShape ? 1.0 : 0.0, 1.0);
        }
        """

    /// Column x shows sample x of the first channel's waveform.
    static let waveformShader = """
        /*{ "INPUTS": [ { "NAME": "wave", "TYPE": "audio", "MAX": 64 } ] }*/
        void main() { gl_FragColor = vec4(IMG_NORM_PIXEL(wave, vec2(isf_FragNormCoord.x, 0.25)).rgb, 1.0); }
        """

    func composition(shader: String, size: String, audio: String = "{ kind: audio, file: tone.wav }") -> String {
        """
        size: \(size)
        nodes:
          tone: \(audio)
          show: { kind: shader, file: \(shader), inputs: { wave: tone\(shader.hasPrefix("spectrum") ? ", spectrum: tone" : "") } }
        """
    }

    @Test("a 1.5 kHz tone peaks in its bin at its amplitude, in its own channel, and the waveform is samples × channels")
    func spectrumPeak() throws {
        let folder = try TemporaryFolder()
        var tone = TestTone(frequency: 1500, amplitude: 0.5, seconds: 1)
        tone.silentSecondChannel = true
        try tone.write(to: folder.file("tone.wav"))
        _ = try folder.write("spectrum.fs", Self.spectrumShader)
        let path = try folder.write("show.yaml", composition(shader: "spectrum.fs", size: "[256, 4]"))
        // Frame 15 at 30 fps hears the 512 samples before 0.5 s.
        let result = try runShaderbench(["render", path, "--start", "15", "--frames", "1", "--fps", "30", "--out", folder.file("f.png")])
        #expect(result.status == 0, "\(result.error)")
        let image = try ImageFile.read(path: folder.file("f.png"))
        let reds = (0..<256).map { Int(image[$0, 0].r) }
        let peak = try #require(reds.indices.max { reds[$0] < reds[$1] })
        #expect(peak == tone.bin(windowLength: 512))
        #expect(peak == 16)
        #expect(abs(reds[peak] - 128) <= 2, "the peak reads \(reds[peak]) of 255")
        #expect((0..<256).allSatisfy { image[$0, 0].g <= 1 }, "the second channel is silent")
        #expect((0..<256).allSatisfy { image[$0, 0].b == 255 }, "the waveform's image is 300 × 2")
    }

    @Test("frame 5 rendered alone equals frame 5 of a longer render: each frame hears the samples before its time")
    func deterministic() throws {
        let folder = try TemporaryFolder()
        try TestTone(frequency: 1000, amplitude: 0.8, seconds: 1).write(to: folder.file("tone.wav"))
        _ = try folder.write("wave.fs", Self.waveformShader)
        let path = try folder.write("show.yaml", composition(shader: "wave.fs", size: "[64, 1]"))
        let long = try runShaderbench(["render", path, "--frames", "8", "--fps", "24", "--out", folder.file("long-%d.png")])
        #expect(long.status == 0, "\(long.error)")
        let alone = try runShaderbench(["render", path, "--start", "5", "--frames", "1", "--fps", "24", "--out", folder.file("alone-%d.png")])
        #expect(alone.status == 0, "\(alone.error)")
        let frame5 = try ImageFile.read(path: folder.file("long-5.png"))
        #expect(try ImageFile.read(path: folder.file("alone-5.png")) == frame5)
        // Frame 0 hears nothing before time 0: silence, 0.5 (grey); later frames catch the tone at other phases.
        #expect((0..<64).allSatisfy { abs(Int(try! ImageFile.read(path: folder.file("long-0.png"))[$0, 0].r) - 128) <= 1 })
        #expect(try ImageFile.read(path: folder.file("long-4.png")) != frame5)
        let swing = (0..<64).map { Int(frame5[$0, 0].r) }
        #expect(swing.max()! > 220 && swing.min()! < 35, "\(swing)")
    }

    @Test("the live sound of a render is the live movie's soundtrack")
    func liveMovieSound() throws {
        let folder = try TemporaryFolder()
        try TestClip(width: 64, height: 48, fps: 30, frames: 30, audio: true).write(to: folder.file("clip.mp4"))
        _ = try folder.write("spectrum.fs", Self.spectrumShader)
        let path = try folder.write("show.yaml", """
            size: [256, 1]
            nodes:
              clip: { kind: movie, file: clip.mp4 }
              live: { kind: audio }
              show: { kind: shader, file: spectrum.fs, inputs: { wave: live, spectrum: live } }
            """)
        let result = try runShaderbench(["render", path, "--start", "15", "--frames", "1", "--out", folder.file("f.png")])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("silence"), "\(result.error)")
        let image = try ImageFile.read(path: folder.file("f.png"))
        let reds = (0..<256).map { Int(image[$0, 0].r) }
        // The clip's 440 Hz tone falls between bins 4 and 5 (93.75 Hz apart).
        #expect([4, 5].contains(reds.indices.max { reds[$0] < reds[$1] }), "\(reds.prefix(12))")
    }

    @Test("a live movie's soundtrack is heard at the movie's own time, as its pictures are shown: start, speed and loop")
    func liveMovieTimeline() throws {
        let folder = try TemporaryFolder()
        // Two seconds whose tone steps up every half second: bins 8, 16, 24 and 32 of a 512-sample spectrum.
        var clip = TestClip(width: 64, height: 48, fps: 30, frames: 60, audio: true)
        clip.soundSource = "aevalsrc=0.5*sin(2*PI*750*(1+floor(t/0.5))*t):s=48000"
        try clip.write(to: folder.file("clip.mp4"))
        _ = try folder.write("spectrum.fs", Self.spectrumShader)
        let nodes = """
            nodes:
              clip: { kind: movie, file: clip.mp4, start: 0.25, speed: 2, loop: true }
              sound: { kind: audio }
              show: { kind: shader, file: spectrum.fs, inputs: { wave: sound, spectrum: sound } }
            live: clip

            """
        let heard = try folder.write("heard.yaml", "size: [256, 1]\n" + nodes + "output: show\n")
        let shown = try folder.write("shown.yaml", "size: [64, 48]\n" + nodes + "output: clip\n")
        for path in [heard, shown] {
            let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".yaml", with: "")
            let result = try runShaderbench(["render", path, "--frames", "34", "--fps", "30", "--out", folder.file("\(name)-%d.png")])
            #expect(result.status == 0, "\(result.error)")
        }
        // Frame k is the movie's moment 0.25 + 2k/30 s, round again after 2 s: each frame chosen is inside a step.
        for (frame, step) in [(0, 0), (6, 1), (12, 2), (20, 3), (33, 0)] {
            let spectrum = try ImageFile.read(path: folder.file("heard-\(frame).png"))
            let reds = (0..<256).map { Int(spectrum[$0, 0].r) }
            let peak = reds.indices.max { reds[$0] < reds[$1] }
            #expect(peak == 8 * (step + 1), "frame \(frame) hears bin \(String(describing: peak)): \(reds.prefix(40))")
            let picture = try ImageFile.read(path: folder.file("shown-\(frame).png"))
            #expect(clip.frameNumber(in: picture).map { $0 / 15 } == step, "frame \(frame) shows movie frame \(String(describing: clip.frameNumber(in: picture)))")
        }
        // 5 ms after the loop point (frame 351 at 400 fps), the 512 samples heard reach back round the loop
        // into its last step: both steps' tones are in the spectrum, each at about half its amplitude.
        let wrapped = try runShaderbench(["render", heard, "--start", "351", "--frames", "1", "--fps", "400", "--out", folder.file("wrapped.png")])
        #expect(wrapped.status == 0, "\(wrapped.error)")
        let spectrum = try ImageFile.read(path: folder.file("wrapped.png"))
        #expect(spectrum[8, 0].r > 30 && spectrum[32, 0].r > 30, "bins 8 and 32 read \(spectrum[8, 0].r) and \(spectrum[32, 0].r)")
    }

    @Test("the live sound renders as silence, with a warning saying how to give it sound")
    func liveSoundInARender() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("wave.fs", Self.waveformShader)
        let path = try folder.write("show.yaml", composition(shader: "wave.fs", size: "[64, 1]", audio: "{ kind: audio }"))
        let result = try runShaderbench(["render", path, "--frames", "1", "--out", folder.file("f.png")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("warning: frame 0: the live sound is silence in a render; give the audio node a file, or render a movie as the live source [SB5201]\n"),
                "\(result.error)")
        let image = try ImageFile.read(path: folder.file("f.png"))
        #expect((0..<64).allSatisfy { image[$0, 0].r == 128 || image[$0, 0].r == 127 })
    }
}
