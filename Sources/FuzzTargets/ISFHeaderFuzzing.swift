import ShaderGraph
import ShaderLanguage

/// Reads the bytes as an ISF shader: its header's inputs, passes and imported images, then every pass's
/// size at a few render sizes, which must stay within a target's limits.
enum ISFHeaderFuzzing {
    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        guard let interface = try? ShaderInterface.read(SourceText(path: "/fuzz/shader.fs", text: text), files: .embedded(texts: [:], otherFiles: [], filterFolder: "/fuzz")),
              let header = interface.isf else { return }
        let inputs = Dictionary(header.inputs.map { ($0.name, 0.5) }, uniquingKeysWith: { first, _ in first })
        for pass in header.passes {
            for render in [PixelSize(width: 1, height: 1), PixelSize(width: 640, height: 480), PixelSize(width: 16384, height: 16384)] {
                let size = pass.size(renderSize: render, inputs: inputs)
                precondition((1...PixelSize.maximumSide).contains(size.width) && (1...PixelSize.maximumSide).contains(size.height),
                             "a pass sized \(size)")
            }
        }
    }
}
