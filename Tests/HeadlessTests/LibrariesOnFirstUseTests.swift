import Foundation
import Images
import TestSupport
import Testing

/// The libraries only some runs need are opened by the run that first needs them, never linked into every
/// process, where each would be loaded, relocated and searched by every symbol lookup, the GL driver's included.
/// Which files a run opened is the dynamic loader's own account (`LD_DEBUG=files`), dlopen's included.
@Suite("Libraries opened on first use", .serialized)
struct LibrariesOnFirstUseTests {
    static let translator = "libShaderbenchDesktopGLSL.so"
    static let libraries = [translator, "libasound.so.2", "libfftw3f.so.3", "libtiff.so.6", "liblo.so.7"]

    /// Which of `libraries` `shaderbench arguments` opened; it must succeed.
    func librariesOpened(by arguments: [String]) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try runShaderbench(arguments, environment: environment)
        #expect(result.status == 0, "shaderbench \(arguments.joined(separator: " ")) failed: \(result.error.suffix(1500))")
        return Self.libraries.filter { result.error.contains($0) }
    }

    @Test("checking and rendering an ordinary shader opens none of them")
    func ordinaryShader() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("plain.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n")
        #expect(try librariesOpened(by: ["check", path]) == [])
        #expect(try librariesOpened(by: ["render", path, "--size", "8x8", "--out", folder.file("out.png")]) == [])
    }

    @Test("a shader only desktop GLSL accepts opens the translator's")
    func desktopShader() throws {
        let folder = try TemporaryFolder()
        let shader = DesktopGLSLShader.implicitConversions
        #expect(try librariesOpened(by: ["check", try folder.write(shader.rawValue, shader.text)]) == [Self.translator])
    }

    @Test("a TIFF image opens libtiff")
    func tiff() throws {
        let folder = try TemporaryFolder()
        let png = try folder.write("source.png", bytes: try ImageFile.encodePNG(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64))))
        try ImageMagick.convert(png, to: folder.file("photo.tif"))
        let composition = try folder.write("c.yaml", "nodes:\n  photo: { kind: image, file: photo.tif }\n")
        #expect(try librariesOpened(by: ["render", composition, "--out", folder.file("out.png")]) == ["libtiff.so.6"])
    }

    @Test("an audioFFT input opens FFTW's")
    func spectrum() throws {
        let folder = try TemporaryFolder()
        try TestTone(frequency: 1500, amplitude: 0.5, seconds: 1).write(to: folder.file("tone.wav"))
        try folder.write("spectrum.fs", """
            /*{ "INPUTS": [ { "NAME": "spectrum", "TYPE": "audioFFT", "MAX": 64 } ] }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(spectrum, isf_FragNormCoord); }
            """)
        let composition = try folder.write("c.yaml", """
            size: [8, 8]
            nodes:
              tone: { kind: audio, file: tone.wav }
              show: { kind: shader, file: spectrum.fs, inputs: { spectrum: tone } }
            """)
        #expect(try librariesOpened(by: ["render", composition, "--out", folder.file("out.png")]) == ["libfftw3f.so.3"])
    }

    @Test("an osc-out entry opens liblo")
    func oscOut() throws {
        let folder = try TemporaryFolder()
        try folder.write("grey.fsh", "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.5); }\n")
        let composition = try folder.write("c.yaml", """
            size: [8, 8]
            nodes:
              grey: { kind: shader, file: grey.fsh }
              mean: { kind: average, input: grey }
            output: grey
            osc-out: { port: 9, values: [mean] }
            """)
        #expect(try librariesOpened(by: ["render", composition, "--out", folder.file("out.png")]) == ["liblo.so.7"])
    }
}
