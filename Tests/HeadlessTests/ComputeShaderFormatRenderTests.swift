import Foundation
import Images
import Testing
import TestSupport

/// A Compute Shader Format file opened on its own, as a lone kernel opens: its first image input fed by
/// `--input`, its output the input's size as its header says.
@Suite("Compute Shader Format files on their own")
struct ComputeShaderFormatRenderTests {
    @Test("render draws the header's invert over the --input image, pixel for pixel")
    func loneFile() throws {
        let folder = try TemporaryFolder()
        let picture = RGBAImage(width: 3, height: 2, pixels: [10, 20, 30, 255, 200, 100, 0, 255, 255, 255, 255, 255,
                                                              0, 0, 0, 255, 128, 64, 32, 255, 1, 2, 3, 255])
        try ImageFile.writePNG(picture, to: folder.file("in.png"))
        let kernel = try folder.write("invert.comp", """
            /*{ "ISFVSN": "2.0", "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "inputImage", "TYPE": "image", "ACCESS": "read_only", "FORMAT": "rgba8" },
                               { "NAME": "outputImage", "TYPE": "image", "ACCESS": "write_only", "FORMAT": "rgba8",
                                 "WIDTH": "$WIDTH_inputImage", "HEIGHT": "$HEIGHT_inputImage" } ],
                "PASSES": [ { "LOCAL_SIZE": [16, 16, 1], "EXECUTION_MODEL": { "TYPE": "2D_IMAGE", "TARGET": "outputImage" } } ] }*/
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (any(greaterThanEqual(p, imageSize(outputImage)))) return;
                vec4 c = IMG_LOAD(inputImage, p);
                IMG_STORE(outputImage, p, vec4(1.0 - c.rgb, c.a));
            }
            """)
        let check = try runShaderbench(["check", kernel])
        #expect(check.status == 0 && check.output.contains("1 shader compiled"), "\(check.output) \(check.error)")
        let render = try runShaderbench(["render", kernel, "--input", folder.file("in.png"), "--frames", "1", "--out", folder.file("out.png")])
        #expect(render.status == 0, "\(render.error)")
        let out = try ImageFile.read(path: folder.file("out.png"))
        #expect(out.width == 3 && out.height == 2)
        #expect(out.pixels == picture.pixels.enumerated().map { $0.offset % 4 == 3 ? $0.element : 255 - $0.element })
    }
}
