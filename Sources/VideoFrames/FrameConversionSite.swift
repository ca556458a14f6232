/// Where a source's YCbCr frames become RGBA. On the GPU, the frame's planes are uploaded as they are stored and
/// a shader converts them; on the CPU, the source's own thread converts each frame before it is handed over, so
/// the render thread uploads RGBA and draws nothing for it. The CPU is the better place where the GPU is itself
/// a software rasterizer (BENCHMARKS, "Every conversion off the render's thread where the GPU is software").
public enum FrameConversionSite: Sendable {
    case gpu
    case cpu
}
