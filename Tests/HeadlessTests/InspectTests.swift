import Foundation
import Images
import TestSupport
import Testing

/// `shaderbench inspect`: a node's exact value at a pixel, and watched expressions of its shader there, each
/// checked against what the test works out itself.
@Suite("Inspecting a pixel")
struct InspectTests {
    /// The JSON report of `inspect` with `arguments`, and the process's result.
    func inspect(_ arguments: [String], in folder: TemporaryFolder) throws -> (report: [String: Any], status: Int32, error: String) {
        let result = try runShaderbench(["inspect"] + arguments + ["--json"], in: folder.path)
        let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return (object ?? [:], result.status, result.error)
    }

    func watch(_ report: [String: Any], line: Int) -> [String: Any]? {
        (report["watches"] as? [[String: Any]])?.first { $0["line"] as? Int == line }
    }

    func numbers(_ value: Any?) -> [Double] { (value as? [Double]) ?? ((value as? [NSNumber])?.map(\.doubleValue) ?? []) }

    static let grid = """
        precision highp float;
        varying highp vec2 textureCoordinate;
        float twice(float x) {
            float doubled = x * 2.0;
            return doubled;
        }
        void main() {
            vec2 uv = textureCoordinate;
            float total = 0.0;
            for (int i = 0; i < 5; i++) {
                total += float(i);
            }
            gl_FragColor = vec4(uv, twice(uv.x) * 0.25, 1.0); // watch: uv.yx
        }
        """

    @Test("an image node's pixel reads back as the file's bytes, at odd sizes and any corner")
    func imagePixel() throws {
        let folder = try TemporaryFolder()
        var pixels: [UInt8] = []
        for y in 0..<5 { for x in 0..<7 { pixels += [UInt8(x * 30), UInt8(y * 50), 77, 255] } }
        try ImageFile.writePNG(RGBAImage(width: 7, height: 5, pixels: pixels), to: folder.file("odd.png"))
        try folder.write("c.yaml", "nodes:\n  photo: { kind: image, file: odd.png }\n")
        for (x, y) in [(0, 0), (6, 4), (3, 2)] {
            let (report, status, error) = try inspect(["c.yaml", "--at", "\(x),\(y)"], in: folder)
            #expect(status == 0, "\(error)")
            #expect(numbers(report["rgba8"]) == [Double(x * 30), Double(y * 50), 77, 255], "pixel \(x),\(y)")
            #expect(numbers(report["textureCoordinate"]).map { Float($0) } == [(Float(x) + 0.5) / 7, (Float(y) + 0.5) / 5])
        }
    }

    @Test("a pixel outside the node is a usage error, exit 64, that says the node's size")
    func pixelOutside() throws {
        let folder = try TemporaryFolder()
        try folder.write("flat.fsh", "precision highp float;\nvoid main() { gl_FragColor = vec4(0.5); }\n")
        try folder.write("c.yaml", "size: [7, 5]\nnodes:\n  flat: { kind: shader, file: flat.fsh }\n")
        let result = try runShaderbench(["inspect", "c.yaml", "--at", "7,0"], in: folder.path)
        #expect(result.status == 64, "\(result.error)")
        // x runs 0 to 6 in a node 7 wide.
        #expect(result.error.hasPrefix("Error: --at 7,0 is outside 'flat', which is 7×5: x is 0 to 6, y 0 to 4\n"), "\(result.error)")
        #expect(result.error.contains("Usage: shaderbench inspect"), "\(result.error)")
    }

    @Test("a float target's value reads back exactly, not rounded to 8 bits")
    func floatTarget() throws {
        let folder = try TemporaryFolder()
        try folder.write("exact.fsh", "precision highp float;\nvoid main() { gl_FragColor = vec4(0.123456, -2.5, 1000.25, 1.0); }\n")
        try folder.write("c.yaml", "size: [3, 3]\nnodes:\n  exact: { kind: shader, file: exact.fsh, format: rgba32f }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "1,1"], in: folder)
        #expect(status == 0, "\(error)")
        #expect(numbers(report["rgba"]).map { Float($0) } == [0.123456, -2.5, 1000.25, 1.0])
    }

    @Test("watches read a local of main, a value inside a helper, a loop counter's last value with how often the line ran, and a comment's watch")
    func watches() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("grid.fsh", Self.grid)
        try folder.write("c.yaml", "size: [10, 4]\nnodes:\n  grid: { kind: shader, file: grid.fsh }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "2,1", "--watch", "8:uv", "--watch", "4:doubled", "--watch", "11:i",
                                                   "--watch", "11:total"], in: folder)
        #expect(status == 0, "\(error)")
        let u = 2.5 / 10, v = 1.5 / 4
        #expect(numbers(watch(report, line: 8)?["value"]) == [u, v])
        #expect(watch(report, line: 8)?["type"] as? String == "vec2")
        #expect(numbers(watch(report, line: 4)?["value"]) == [u * 2] && watch(report, line: 4)?["runs"] as? Int == 1)
        let loop = (report["watches"] as? [[String: Any]])?.filter { $0["line"] as? Int == 11 } ?? []
        #expect(loop.map { numbers($0["value"]) } == [[4], [10]], "i ends at 4 and total at 0+1+2+3+4")
        #expect(loop.map { $0["runs"] as? Int } == [5, 5])
        #expect(loop.first?["type"] as? String == "int")
        #expect(numbers(watch(report, line: 13)?["value"]) == [v, u], "the // watch: comment")
        #expect(try String(contentsOfFile: shader, encoding: .utf8) == Self.grid, "the shader's file changed")
    }

    @Test("a watch in a ShaderToy pass reads mainImage's own variables, y up as the site has fragCoord")
    func shaderToyWatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("toy.fsh", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec2 uv = fragCoord / iResolution.xy;
                fragColor = vec4(uv, 0.0, 1.0);
            }
            """)
        try folder.write("c.yaml", "size: [8, 4]\nnodes:\n  toy: { kind: shader, file: toy.fsh }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "1,0", "--watch", "2:uv"], in: folder)
        #expect(status == 0, "\(error)")
        #expect(numbers(watch(report, line: 2)?["value"]) == [1.5 / 8, 3.5 / 4])
    }

    @Test("a watch in an ISF shader reads its variables with its inputs' values")
    func isfWatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("level.fs", """
            /*{ "ISFVSN": "2", "INPUTS": [ { "NAME": "level", "TYPE": "float", "DEFAULT": 0.5 } ] }*/
            void main() {
                float v = isf_FragNormCoord.x * level;
                gl_FragColor = vec4(v, v, v, 1.0);
            }
            """)
        try folder.write("c.yaml", "size: [8, 8]\nnodes:\n  isf: { kind: shader, file: level.fs }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "6,1", "--watch", "3:v"], in: folder)
        #expect(status == 0, "\(error)")
        #expect(numbers(watch(report, line: 3)?["value"]) == [6.5 / 8 * 0.5])
    }

    @Test("in an ISF shader with PASSES a watch is read in the pass its line ran in, which the report names")
    func isfPassesWatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("passes.fs", """
            /*{ "PASSES": [ { "TARGET": "blurred" }, { } ] }*/
            void main() {
                vec2 at = isf_FragNormCoord;
                if (PASSINDEX == 0) {
                    gl_FragColor = vec4(at * 0.5, 0.0, 1.0);
                } else {
                    vec4 first = IMG_THIS_PIXEL(blurred);
                    gl_FragColor = first * 2.0;
                }
            }
            """)
        try folder.write("c.yaml", "size: [8, 4]\nnodes:\n  fx: { kind: shader, file: passes.fs }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "5,0", "--watch", "3:at", "--watch", "5:at.x", "--watch", "8:first.rg"], in: folder)
        #expect(status == 0, "\(error)")
        // ISF's coordinates run up: the top row of 4 is 3.5 / 4.
        let x = 5.5 / 8, y = 3.5 / 4
        #expect(numbers(watch(report, line: 3)?["value"]) == [x, y] && watch(report, line: 3)?["pass"] as? Int == 1, "the last pass it ran in")
        #expect(numbers(watch(report, line: 5)?["value"]) == [x] && watch(report, line: 5)?["pass"] as? Int == 0)
        let first = numbers(watch(report, line: 8)?["value"])
        #expect(first.count == 2 && abs(first[0] - x * 0.5) < 1.0 / 255 && abs(first[1] - y * 0.5) < 1.0 / 255, "\(first)")
        #expect(watch(report, line: 8)?["pass"] as? Int == 1)
        let text = try runShaderbench(["inspect", "c.yaml", "--at", "5,0", "--watch", "5:at.x"], in: folder.path)
        #expect(text.output.contains("line 5: at.x = float \(String(format: "%.4f", x))   (ran 1 time in pass 0)"), "\(text.output)")
    }

    @Test("a watch in desktop GLSL that only compiles translated reads the user's lines, and a wrong expression is the desktop reading's error")
    func desktopWatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("desk.frag", """
            #version 330
            in vec2 textureCoordinate;
            out vec4 colour;
            void main() {
                vec2 uv = textureCoordinate * 2;
                float k = 3;
                colour = vec4(uv / k, 0, 1);
            }
            """)
        try folder.write("c.yaml", "size: [8, 4]\nnodes:\n  desk: { kind: shader, file: desk.frag }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "2,1", "--watch", "6:k * uv", "--watch", "5:nosuch"], in: folder)
        #expect(status == 1)
        let expected: [Double] = [3 * 2 * 2.5 / 8, 3 * 2 * 1.5 / 4]
        #expect(numbers(watch(report, line: 6)?["value"]) == expected)
        #expect(error.contains("desk.frag:5: error: watch: 'nosuch' cannot be read after line 5: as desktop GLSL: 'nosuch' : undeclared identifier"),
                "\(error)")
    }

    @Test("a wrong expression watched in a GLSL ES 3.00 shader is the driver's error, not the desktop reading's")
    func es300WatchError() throws {
        let folder = try TemporaryFolder()
        try folder.write("es.frag", """
            #version 300 es
            precision highp float;
            out vec4 colour;
            void main() {
                vec2 st = gl_FragCoord.xy / 8.0;
                colour = vec4(st, 0.0, 1.0);
            }
            """)
        try folder.write("c.yaml", "size: [8, 4]\nnodes:\n  es: { kind: shader, file: es.frag }\n")
        let (_, status, error) = try inspect(["c.yaml", "--at", "2,1", "--watch", "5:nosuch"], in: folder)
        #expect(status == 1)
        #expect(error.contains("es.frag:5: error: watch: 'nosuch' cannot be read after line 5: `nosuch' undeclared"), "\(error)")
        #expect(!error.contains("desktop"), "\(error)")
    }

    @Test("a chain of colour filters is read as the window and render draw it, fused, not pass by pass")
    func fusedChain() throws {
        let folder = try TemporaryFolder()
        try folder.write("c.yaml", """
            nodes:
              photo: { kind: image, file: \(Repository.path("images/landscape.jpg")) }
              punch: { kind: shader, file: \(Repository.path("shaders/contrast.fsh")), inputs: { inputImageTexture: photo }, uniforms: { contrast: 1.5 } }
              rich: { kind: shader, file: \(Repository.path("shaders/saturation.fsh")), inputs: { inputImageTexture: punch }, uniforms: { saturation: 1.7 } }
              warm: { kind: shader, file: \(Repository.path("shaders/sepia.fsh")), inputs: { inputImageTexture: rich }, uniforms: { intensity: 0.4 } }
            """)
        for (name, arguments) in [("fused.png", [String]()), ("apart.png", ["--no-fuse"])] {
            let render = try runShaderbench(["render", "c.yaml", "--out", name] + arguments, in: folder.path)
            try #require(render.status == 0, "\(render.error)")
        }
        let fused = try ImageFile.read(path: folder.file("fused.png")), apart = try ImageFile.read(path: folder.file("apart.png"))
        // A pixel where the two plans round apart (llvmpipe reads 8-bit texels a fraction of a level low).
        let (x, y) = (62, 19)
        #expect(fused[x, y].r != apart[x, y].r, "the plans agree here, so this pixel tells them apart no longer")
        let (report, status, error) = try inspect(["c.yaml", "--at", "\(x),\(y)"], in: folder)
        #expect(status == 0, "\(error)")
        #expect(numbers(report["rgba8"]) == [Double(fused[x, y].r), Double(fused[x, y].g), Double(fused[x, y].b), 255])
    }

    @Test("a watch on a line at file scope is refused at the watch in words, not with the driver's parse error")
    func fileScopeWatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("grid.fsh", Self.grid)
        try folder.write("c.yaml", "size: [10, 4]\nnodes:\n  grid: { kind: shader, file: grid.fsh }\n")
        // Line 2 declares the varying and line 6 closes `twice`: both end outside every function's body.
        let (report, status, error) = try inspect(["c.yaml", "--at", "0,0", "--watch", "2:uv", "--watch", "6:x", "--watch", "4:doubled"], in: folder)
        #expect(status == 1)
        for line in [2, 6] {
            #expect(error.contains("grid.fsh:\(line): error: watch: line \(line) is at file scope, outside every function: a watch goes on a line inside a function's body"),
                    "\(error)")
        }
        #expect(!error.contains("syntax error"), "\(error)")
        let doubled = numbers(watch(report, line: 4)?["value"])
        #expect(doubled.count == 1 && abs(doubled[0] - 0.5 / 10 * 2) < 1e-6, "the watch inside twice is read: \(doubled)")
    }

    @Test("a watch that does not compile at its line is reported there, exit 1, and the node's value is still read")
    func brokenWatch() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("grid.fsh", Self.grid)
        try folder.write("c.yaml", "size: [10, 4]\nnodes:\n  grid: { kind: shader, file: grid.fsh }\n")
        let (report, status, error) = try inspect(["c.yaml", "--at", "0,0", "--watch", "4:uv", "--watch", "99:uv"], in: folder)
        #expect(status == 1)
        #expect(error.contains("grid.fsh:4: error: watch: 'uv' cannot be read after line 4: "), "\(error)")
        #expect(error.contains("grid.fsh:99: error: watch: line 99 is not a line of the shader's code"), "\(error)")
        #expect(numbers(report["rgba8"]).count == 4)
        #expect(numbers(watch(report, line: 13)?["value"]).count == 2, "the other watches are read")
        #expect(try String(contentsOfFile: shader, encoding: .utf8) == Self.grid)
    }
}
