// Runs exported Swift compositions headless, as an app would: a GLES 3 context, inputs fed as textures or
// pixels, frames rendered into a texture of the app's and written as PNG files. Setup.swift makes each
// exported type by name and feeds its inputs (`makeGraph`).
// Usage: harness TYPE INPUT_PNG OUT_DIR WIDTH HEIGHT FRAMES FPS
import GPU
import Images
import ShaderGraph
import ShaderLanguage

/// What every exported type offers, for rendering them all alike.
protocol ExportedGraph {
    func render(seconds: Double, frame: Int, intoTexture texture: UInt32, width: Int, height: Int) throws
}

let arguments = CommandLine.arguments
guard arguments.count == 8, let width = Int(arguments[4]), let height = Int(arguments[5]),
      let frames = Int(arguments[6]), let fps = Double(arguments[7]) else {
    fatalError("usage: harness TYPE INPUT_PNG OUT_DIR WIDTH HEIGHT FRAMES FPS")
}
let context = try HeadlessContext()
let input = try ImageFile.read(path: arguments[2])
let inputTexture = try RenderTarget(image: input)
let graph = try makeGraph(arguments[1], input: input, inputTexture: inputTexture.texture)
let output = try RenderTarget(TextureDescriptor(size: PixelSize(width: width, height: height)))
for frame in 0..<frames {
    try graph.render(seconds: Double(frame) / fps, frame: frame, intoTexture: output.texture, width: width, height: height)
    try ImageFile.writePNG(output.readPixels(), to: "\(arguments[3])/frame-\(frame).png")
}
withExtendedLifetime(context) {}
