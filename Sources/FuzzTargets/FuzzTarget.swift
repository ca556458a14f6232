/// The parts of the workbench that read untrusted bytes, each as a function libFuzzer can drive: any input
/// must end in a result or a reported error. A crash, a hang or a broken invariant (checked with
/// `precondition`, so it stops the process where libFuzzer sees it) is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A composition, YAML or JSON, loaded against a few embedded shaders, validated and planned.
    case composition
    /// A shader with an ISF header: the header's JSON, its inputs, passes and their size expressions.
    case isfHeader = "isf-header"
    /// One ISF WIDTH or HEIGHT expression, parsed and evaluated.
    case sizeExpression = "size-expression"
    /// A driver's compile log, parsed into located messages.
    case compilerLog = "compiler-log"
    /// PNG at 8 bits and at its own depth (16-bit files through libpng's classic reader).
    case png
    case jpeg
    /// TIFF through libtiff, opened on the bytes in memory, at 8 bits and at its own depth.
    case tiff
    case webp
    /// A camera's format list and a request, chosen from.
    case cameraFormat = "camera-format"
    /// A ShaderToy page's JSON, read and imported.
    case shaderToyPage = "shadertoy-page"
    /// A UDP datagram arriving on the window's OSC port: a message or a bundle, parsed and decoded.
    case oscPacket = "osc-packet"

    public func run(_ data: [UInt8]) {
        switch self {
        case .composition: CompositionFuzzing.run(data)
        case .isfHeader: ISFHeaderFuzzing.run(data)
        case .sizeExpression: SizeExpressionFuzzing.run(data)
        case .compilerLog: CompilerLogFuzzing.run(data)
        case .png, .jpeg, .tiff, .webp: ImageDecodingFuzzing.run(data, as: "fuzz.\(rawValue)")
        case .cameraFormat: CameraFormatFuzzing.run(data)
        case .shaderToyPage: ShaderToyPageFuzzing.run(data)
        case .oscPacket: OSCPacketFuzzing.run(data)
        }
    }
}
