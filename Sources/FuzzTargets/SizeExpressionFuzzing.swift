import ShaderGraph
import ShaderLanguage

/// Parses the bytes as an ISF WIDTH or HEIGHT expression over two inputs and evaluates it; the pixels it
/// gives must be a side a target can have.
enum SizeExpressionFuzzing {
    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        guard let expression = try? ISFSizeExpression(parsing: text, inputs: ["scale", "steps"]) else { return }
        for (render, inputs) in [(PixelSize(width: 640, height: 480), ["scale": 0.5, "steps": 3.0]),
                                 (PixelSize(width: 1, height: 16384), ["scale": -1e308, "steps": .infinity]),
                                 (PixelSize(width: 16384, height: 1), ["scale": .nan])] {
            let pixels = expression.pixels(renderSize: render, inputs: inputs)
            precondition((1...PixelSize.maximumSide).contains(pixels), "'\(text)' gave \(pixels) pixels")
            _ = expression.cExpression { $0 }
        }
    }
}
