import Foundation
import Images
import TestSupport
import Testing

/// `shaderbench import` on ShaderToy pages written here, and the composition keys its output relies on
/// (`common:`, `sampling:`, `previous:`), as a user runs them.
@Suite("Importing ShaderToy pages")
struct ShaderToyImportTests {
    /// A page as the site exports it: Common holds the step; Buffer A adds it to its previous frame in its even
    /// columns and keeps its odd ones black; Image reads Buffer A a quarter texel right of each pixel's
    /// centre, so a nearest filter shows the count where a linear one would blend in the black column.
    static let counterPage = """
        {"Shader": {"ver": "0.1", "info": {"id": "test", "name": "Counter"},
         "renderpass": [
          {"inputs": [], "outputs": [], "name": "Common", "type": "common",
           "code": "float countStep() { return 1.0 / 255.0; }"},
          {"inputs": [{"id": "4dXGR8", "src": "/media/previz/buffer00.png", "ctype": "buffer", "channel": 0,
                       "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}}],
           "outputs": [{"id": "4dXGR8", "channel": 0}], "name": "Buffer A", "type": "buffer",
           "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    float last = texture(iChannel0, fragCoord / iResolution.xy).r;\\n    fragColor = mod(floor(fragCoord.x), 2.0) == 0.0 ? vec4(last + countStep(), 0.0, 0.0, 1.0) : vec4(0.0);\\n}"},
          {"inputs": [{"id": "4dXGR8", "src": "/media/previz/buffer00.png", "ctype": "buffer", "channel": 0,
                       "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}}],
           "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
           "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = texture(iChannel0, (fragCoord + vec2(0.25, 0.0)) / iResolution.xy);\\n}"}
         ]}}
        """

    @Test("a page with Common, a buffer reading itself and an Image pass imports, checks, and counts one step a frame")
    func multipassCounter() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("counter.json", Self.counterPage)
        let imported = try runShaderbench(["import", page, "--out", folder.file("counter")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.isEmpty, "nothing on the page is unsupported")
        #expect(try folder.contents().contains("counter"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.file("counter")))
                == ["counter.yaml", "common.glsl", "buffer-a.frag", "image.frag"])
        let composition = folder.file("counter/counter.yaml")
        let check = try runShaderbench(["check", composition])
        #expect(check.status == 0, "\(check.error)")
        let frames = 7
        let render = try runShaderbench(["render", composition, "--frames", "\(frames)", "--size", "8x4", "--out", folder.file("f-%d.png")])
        #expect(render.status == 0, "\(render.error)")
        for frame in 0..<frames {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            #expect(image[0, 0] == (UInt8(frame + 1), 0, 0, 255), "frame \(frame)")
            #expect(image[1, 3] == (0, 0, 0, 255), "odd columns stay black")
        }
    }

    /// Buffer A takes Buffer B's value and Buffer B adds a step to Buffer A's: each reads the other, and
    /// Image shows both. The site draws A, then B, then Image every frame, so A reads B's previous frame and
    /// B reads A's current one: in frame n, A holds n steps and B n + 1.
    static let pingPongPage = """
        {"Shader": {"info": {"name": "Ping-pong"},
         "renderpass": [
          {"inputs": [{"id": "XsXGR8", "ctype": "buffer", "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}}],
           "outputs": [{"id": "4dXGR8", "channel": 0}], "name": "Buffer A", "type": "buffer",
           "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = vec4(texture(iChannel0, fragCoord / iResolution.xy).r, 0.0, 0.0, 1.0);\\n}"},
          {"inputs": [{"id": "4dXGR8", "ctype": "buffer", "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}}],
           "outputs": [{"id": "XsXGR8", "channel": 0}], "name": "Buffer B", "type": "buffer",
           "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = vec4(texture(iChannel0, fragCoord / iResolution.xy).r + 1.0 / 255.0, 0.0, 0.0, 1.0);\\n}"},
          {"inputs": [{"id": "4dXGR8", "ctype": "buffer", "channel": 0, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}},
                      {"id": "XsXGR8", "ctype": "buffer", "channel": 1, "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}}],
           "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
           "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    vec2 uv = fragCoord / iResolution.xy;\\n    fragColor = vec4(texture(iChannel0, uv).r, texture(iChannel1, uv).r, 0.0, 1.0);\\n}"}
         ]}}
        """

    @Test("buffers draw in the site's order: one reading a buffer drawn after it sees that buffer's previous frame")
    func buffersReadingEachOther() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("ping-pong.json", Self.pingPongPage)
        let imported = try runShaderbench(["import", page, "--out", folder.file("ping-pong")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.isEmpty, "the page renders as on the site: \(imported.error)")
        let composition = folder.file("ping-pong/ping-pong.yaml")
        let frames = 6
        let render = try runShaderbench(["render", composition, "--frames", "\(frames)", "--size", "4x2", "--out", folder.file("f-%d.png")])
        #expect(render.status == 0, "\(render.error)")
        for frame in 0..<frames {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            #expect(image[2, 1] == (UInt8(frame), UInt8(frame + 1), 0, 255), "frame \(frame)")
        }
    }

    @Test("previous: reads a pass's last frame even where that pass has already drawn this frame")
    func previousFrameOfAnEarlierPass() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("count.frag", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(texture(iChannel0, fragCoord / iResolution.xy).r + 1.0 / 255.0, 0.0, 0.0, 1.0);
            }
            """)
        _ = try folder.write("both.frag", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                fragColor = vec4(texture(iChannel0, uv).r, texture(iChannel1, uv).r, 0.0, 1.0);
            }
            """)
        // `both` reads `count` this frame on iChannel1, so `count` draws first; iChannel0 reads its last frame.
        let composition = try folder.write("both.yaml", """
            size: [4, 2]
            nodes:
              both: { kind: shader, file: both.frag, inputs: { iChannel0: count, iChannel1: count }, previous: [iChannel0] }
              count: { kind: shader, file: count.frag, format: rgba32f, inputs: { iChannel0: count } }
            output: both
            """)
        let frames = 4
        let render = try runShaderbench(["render", composition, "--frames", "\(frames)", "--out", folder.file("f-%d.png")])
        #expect(render.status == 0, "\(render.error)")
        for frame in 0..<frames {
            let image = try ImageFile.read(path: folder.file("f-\(frame).png"))
            #expect(image[2, 1] == (UInt8(frame), UInt8(frame + 1), 0, 255), "frame \(frame)")
        }
    }

    @Test("a picture whose sampler says vflip false is read upside down, as on the site")
    func unflippedPicture() throws {
        let folder = try TemporaryFolder()
        // Top row red, bottom row blue; Image shows the picture as it reads it, flipped in its left column and
        // unflipped in its right.
        try ImageFile.writePNG(RGBAImage(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255]), to: folder.file("rows.png"))
        let page = try folder.write("rows.json", """
            {"renderpass": [
              {"inputs": [{"id": "Xdf3zn", "filepath": "/media/a/rows.png", "type": "texture", "channel": 0,
                           "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}},
                          {"id": "Xdf3zn", "filepath": "/media/a/rows.png", "type": "texture", "channel": 1,
                           "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "false"}}],
               "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
               "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    vec2 uv = fragCoord / iResolution.xy;\\n    fragColor = fragCoord.x < 1.0 ? texture(iChannel0, uv) : texture(iChannel1, uv);\\n}"}
            ]}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("rows")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.isEmpty, "both channels are read as the page says: \(imported.error)")
        let render = try runShaderbench(["render", folder.file("rows/rows.yaml"), "--size", "2x2", "--out", folder.file("rows.png")])
        #expect(render.status == 0, "\(render.error)")
        let image = try ImageFile.read(path: folder.file("rows.png"))
        #expect(image[0, 0] == (255, 0, 0, 255) && image[0, 1] == (0, 0, 255, 255), "vflip true: upright")
        #expect(image[1, 0] == (0, 0, 255, 255) && image[1, 1] == (255, 0, 0, 255), "vflip false: upside down")
    }

    @Test("an input the workbench cannot give is reported at its place in the page, with what stands in")
    func unsupportedInput() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("mic.json", """
            {"renderpass": [
              {"inputs": [{"id": "4dXGRr", "src": "/presets/mic.png", "ctype": "mic", "channel": 1,
                           "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}}],
               "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
               "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = texture(iChannel1, vec2(0.5)) + vec4(iChannelResolution[1].xy / 255.0, 0.0, 1.0);\\n}"}
            ]}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("mic")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("\(page):2:15: warning: Image iChannel1 is sound (mic), which the workbench does not play into shaders: it reads a blank 512×2 image (silence)"),
                "\(imported.error)")
        let composition = folder.file("mic/mic.yaml")
        #expect(try runShaderbench(["check", composition]).status == 0)
        #expect(try runShaderbench(["render", composition, "--size", "2x2", "--out", folder.file("m.png")]).status == 0)
        #expect((try ImageFile.read(path: folder.file("m.png")))[0, 0] == (255, 2, 0, 255))
    }

    @Test("a keyboard channel becomes a keyboard node: no warning, and in a render a 256×3 image with no key down")
    func keyboardChannel() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("keys.json", """
            {"renderpass": [
              {"inputs": [{"id": "4dXGRr", "src": "/presets/tex00.jpg", "ctype": "keyboard", "channel": 1,
                           "sampler": {"filter": "nearest", "wrap": "clamp", "vflip": "true"}}],
               "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
               "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = vec4(texelFetch(iChannel1, ivec2(65, 0), 0).x, iChannelResolution[1].x / 1024.0, iChannelResolution[1].y / 255.0, 1.0);\\n}"}
            ]}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("keys")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(!imported.error.contains("warning"), "\(imported.error)")
        let composition = folder.file("keys/keys.yaml")
        #expect(try String(contentsOfFile: composition, encoding: .utf8).contains("keyboard: { kind: keyboard }"))
        #expect(try runShaderbench(["check", composition]).status == 0)
        #expect(try runShaderbench(["render", composition, "--size", "2x2", "--out", folder.file("k.png")]).status == 0)
        #expect((try ImageFile.read(path: folder.file("k.png")))[0, 0] == (0, 64, 3, 255))
    }

    @Test("a picture from the site's library is taken from beside the page, at its own size; a missing one is stood in for")
    func pictures() throws {
        let folder = try TemporaryFolder()
        try ImageFile.writePNG(RGBAImage(width: 64, height: 32, fill: (r: 0, g: 0, b: 0, a: 255)), to: folder.file("f1a2b3.png"))
        let page = try folder.write("pictures.json", """
            {"renderpass": [
              {"inputs": [{"id": "Xdf3zn", "filepath": "/media/a/f1a2b3.png", "type": "texture", "channel": 0,
                           "sampler": {"filter": "mipmap", "wrap": "repeat", "vflip": "true"}},
                          {"id": "XsX3zn", "filepath": "/media/a/elsewhere.jpg", "type": "texture", "channel": 2}],
               "outputs": [{"id": "4dfGRr", "channel": 0}], "name": "Image", "type": "image",
               "code": "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = texture(iChannel0, vec2(0.5)) + texture(iChannel2, vec2(0.5)) * 0.0 + vec4(iChannelResolution[0].xy / 255.0, 0.0, 1.0);\\n}"}
            ]}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("pictures")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("\(page):4:15: warning: Image iChannel2 shows /media/a/elsewhere.jpg from the site's library, which is not beside the page: the moving test pattern stands in (put elsewhere.jpg beside the page and import again)"),
                "\(imported.error)")
        #expect(folder.isFolder("pictures") && FileManager.default.fileExists(atPath: folder.file("pictures/media/f1a2b3.png")))
        let composition = folder.file("pictures/pictures.yaml")
        #expect(try runShaderbench(["render", composition, "--size", "2x2", "--out", folder.file("p.png")]).status == 0)
        #expect((try ImageFile.read(path: folder.file("p.png")))[0, 0] == (64, 32, 0, 255))
    }

    @Test("a malformed page is an error at its line and column, and nothing is written")
    func malformedPage() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("broken.json", """
            {"Shader": {"renderpass": [
              {"type": "image", "code": "void mainImage(out vec4 c, in vec2 p) {}" "name": "Image"}
            ]}}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("broken")])
        #expect(imported.status == 1)
        #expect(imported.error.hasPrefix("\(page):2:72: error: not valid JSON: expected ',' between the value of \"code\" and the next key"), "\(imported.error)")
        #expect(!folder.isFolder("broken"))
    }

    @Test("a page whose parts have the wrong shape is an error at the part")
    func pageWithoutImage() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("nothing.json", """
            {"renderpass": [
              {"type": "buffer", "code": "", "name": "Buffer A", "outputs": [{"id": "4dXGR8", "channel": 0}],
               "inputs": [{"channel": 7, "ctype": "buffer", "id": "4dXGR8"}]}
            ]}
            """)
        let imported = try runShaderbench(["import", page, "--out", folder.file("nothing")])
        #expect(imported.status == 1)
        #expect(imported.error.hasPrefix("\(page):3:27: error: an input's 'channel' is 0, 1, 2 or 3"), "\(imported.error)")
    }

    @Test("an error in a pass's Common code is reported at the Common file's line")
    func commonCodeErrors() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("common.glsl", "float halved(float x) {\n    return x * 0.5\n}\n")
        _ = try folder.write("toy.frag", "void mainImage(out vec4 c, in vec2 p) { c = vec4(halved(1.0)); }\n")
        let composition = try folder.write("toy.yaml", "nodes:\n  toy: { kind: shader, file: toy.frag, common: common.glsl }\n")
        let check = try runShaderbench(["check", composition])
        #expect(check.status == 1)
        #expect(check.error.hasPrefix("\(folder.file("common.glsl")):2:19: error: missing ';' at the end of this line"), "\(check.error)")
    }

    @Test("a name never declared in Common code is reported at the Common file's line, not at the same line of the pass")
    func undeclaredInCommonCode() throws {
        let folder = try TemporaryFolder()
        // Mesa names string 0 for an undeclared identifier wherever it stands.
        _ = try folder.write("common.glsl", "// helpers\nfloat halved(float x) {\n    return x * nowhere;\n}\n")
        _ = try folder.write("toy.frag", "void mainImage(out vec4 c, in vec2 p) {\n    c = vec4(1.0);\n    c = vec4(halved(1.0));\n}\n")
        let composition = try folder.write("toy.yaml", "nodes:\n  toy: { kind: shader, file: toy.frag, common: common.glsl }\n")
        let check = try runShaderbench(["check", composition])
        #expect(check.status == 1)
        let lines = check.error.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(folder.file("common.glsl")):3:") && $0.contains("`nowhere' undeclared") }, "\(check.error)")
        #expect(!lines.contains { $0.hasPrefix("\(folder.file("toy.frag")):") }, "\(check.error)")
    }

    @Test("sampling: sets an input's wrap and filter: repeat tiles where clamp holds the edge")
    func samplingWrap() throws {
        let folder = try TemporaryFolder()
        // Left texel red, right texel blue; the pass reads half an image to the right of each pixel.
        try ImageFile.writePNG(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]), to: folder.file("two.png"))
        _ = try folder.write("shift.frag", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, vec2(fragCoord.x / iResolution.x + 0.5, 0.5));
            }
            """)
        var reds: [String: [UInt8]] = [:]
        for wrap in ["clamp", "repeat"] {
            let composition = try folder.write("\(wrap).yaml", """
                size: [4, 1]
                nodes:
                  two: { kind: image, file: two.png }
                  shift: { kind: shader, file: shift.frag, inputs: { iChannel0: two }, sampling: { iChannel0: { filter: nearest, wrap: \(wrap) } } }
                output: shift
                """)
            let result = try runShaderbench(["render", composition, "--out", folder.file("\(wrap).png")])
            #expect(result.status == 0, "\(result.error)")
            let image = try ImageFile.read(path: folder.file("\(wrap).png"))
            reds[wrap] = (0..<4).map { image.pixels[$0 * 4] }
        }
        #expect(reds["clamp"] == [0, 0, 0, 0])
        #expect(reds["repeat"] == [0, 0, 255, 255])
    }

    @Test("a misspelt sampling is a located error that lists the choices")
    func samplingErrors() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("toy.frag", "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p); }\n")
        let composition = try folder.write("toy.yaml", """
            nodes:
              bars: { kind: pattern }
              toy: { kind: shader, file: toy.frag, inputs: { iChannel0: bars }, sampling: { iChannel0: { wrap: tile } } }
            """)
        let check = try runShaderbench(["check", composition])
        #expect(check.status == 1)
        #expect(check.error.hasPrefix("\(composition):3:100: error: a wrap is one of: clamp, repeat, mirror"), "\(check.error)")
    }
}
