import Capture
import VideoFrames

/// YCbCr to RGBA on the CPU, as an application without GPU conversion would do it: 16.16 fixed point
/// from the same coefficients the shader uses, one pass over the frame. The reference the camera
/// benchmark measures the GPU path against.
enum CPUConversion {
    static func rgba(_ frame: VideoFrame, into output: inout [UInt8]) {
        let layout = frame.layout
        let (matrix, offset) = layout.encoding.conversion
        func fixed(_ value: Float) -> Int32 { Int32((value * 65536).rounded()) }
        let yScale = fixed(matrix[0]), crRed = fixed(matrix[6]), cbGreen = fixed(matrix[4]), crGreen = fixed(matrix[7]), cbBlue = fixed(matrix[5])
        let yOffset = Int32((offset[0] * 255).rounded())
        let width = layout.width, height = layout.height, stride = layout.planes[0].bytesPerRow
        if output.count != width * height * 4 { output = [UInt8](repeating: 255, count: width * height * 4) }
        frame.bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                @inline(__always) func store(_ index: Int, _ y: Int32, _ cb: Int32, _ cr: Int32) {
                    let luma = (y - yOffset) * yScale
                    destination[index] = clamp((luma + cr * crRed + 32768) >> 16)
                    destination[index + 1] = clamp((luma + cb * cbGreen + cr * crGreen + 32768) >> 16)
                    destination[index + 2] = clamp((luma + cb * cbBlue + 32768) >> 16)
                }
                switch layout.format {
                case .yuyv:
                    for row in 0..<height {
                        var input = row * stride
                        var out = row * width * 4
                        for _ in 0..<(width / 2) {
                            let cb = Int32(source[input + 1]) - 128, cr = Int32(source[input + 3]) - 128
                            store(out, Int32(source[input]), cb, cr)
                            store(out + 4, Int32(source[input + 2]), cb, cr)
                            input += 4
                            out += 8
                        }
                    }
                case .nv12:
                    let chroma = layout.planes[1].offset
                    for row in 0..<height {
                        let chromaRow = chroma + (row / 2) * stride
                        for column in 0..<width {
                            let pair = chromaRow + (column / 2) * 2
                            store((row * width + column) * 4, Int32(source[row * stride + column]),
                                  Int32(source[pair]) - 128, Int32(source[pair + 1]) - 128)
                        }
                    }
                default:
                    fatalError("the benchmark converts YUYV and NV12 only")
                }
            }
        }
    }

    @inline(__always) private static func clamp(_ value: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }
}
