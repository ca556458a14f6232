import Foundation
import Images
import ShaderGraph
import ShaderLanguage

/// A standard benchmark workload: a chain of the repository's shaders over a still image, as a
/// composition for the executor and as the same passes for the bare loop.
struct Workload {
    struct Pass {
        var shader: String
        var uniforms: [String: [Float]]
    }

    var name: String
    var passes: [Pass]

    static let sepia = Workload(name: "sepia", passes: [Pass(shader: "sepia.fsh", uniforms: ["intensity": [1]])])

    static let fivePass = Workload(name: "five-pass", passes: [
        Pass(shader: "sepia.fsh", uniforms: ["intensity": [1]]),
        Pass(shader: "brightness.fsh", uniforms: ["brightness": [0.1]]),
        Pass(shader: "contrast.fsh", uniforms: ["contrast": [1.4]]),
        Pass(shader: "sobel.fsh", uniforms: ["edgeStrength": [1]]),
        Pass(shader: "vignette.fsh", uniforms: ["vignetteCenter": [0.5, 0.5], "vignetteColor": [0, 0, 0],
                                                "vignetteStart": [0.4], "vignetteEnd": [0.8]]),
    ])

    /// Five colour filters, each reading only its own pixel: one program when fused.
    static let fiveColour = Workload(name: "five-colour", passes: [
        Pass(shader: "brightness.fsh", uniforms: ["brightness": [0.05]]),
        Pass(shader: "contrast.fsh", uniforms: ["contrast": [1.2]]),
        Pass(shader: "saturation.fsh", uniforms: ["saturation": [0.8]]),
        Pass(shader: "sepia.fsh", uniforms: ["intensity": [0.6]]),
        Pass(shader: "color-matrix.fsh", uniforms: [:]),
    ])

    /// Five of the cheapest colour filter: what drawing passes costs apart from what they compute.
    static let fiveBrightness = Workload(name: "five-brightness", passes: (0..<5).map { _ in
        Pass(shader: "brightness.fsh", uniforms: ["brightness": [0.01]])
    })

    /// The workload loaded as a composition over `ExecutorBenchmark.testImage` at `size`, its files written in
    /// `scratch`, its shaders the repository's own.
    func composition(size: PixelSize, in scratch: String) throws -> Composition {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        let imagePath = scratch + "/image-\(size.width)x\(size.height).png"
        try ImageFile.writePNG(ExecutorBenchmark.testImage(size), to: imagePath)
        let compositionPath = scratch + "/\(name).yaml"
        try yaml(image: imagePath, shaders: repository + "/shaders").write(toFile: compositionPath, atomically: true, encoding: .utf8)
        return try CompositionLoader.load(path: compositionPath)
    }

    /// The composition text: `photo` feeding the passes in order.
    func yaml(image: String, shaders: String) -> String {
        var lines = ["composition: 1", "nodes:", "  photo: { kind: image, file: \(image) }"]
        var previous = "photo"
        for (index, pass) in passes.enumerated() {
            let name = "pass\(index)"
            let uniforms = pass.uniforms.sorted { $0.key < $1.key }.map { key, values in
                "\(key): [\(values.map { String($0) }.joined(separator: ", "))]"
            }
            lines.append("  \(name): { kind: shader, file: \(shaders)/\(pass.shader), inputs: { inputImageTexture: \(previous) }, uniforms: { \(uniforms.joined(separator: ", ")) } }")
            previous = name
        }
        lines.append("output: \(previous)")
        return lines.joined(separator: "\n") + "\n"
    }
}
