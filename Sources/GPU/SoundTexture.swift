import CGLES
import ShaderGraph
import ShaderLanguage

/// An ISF audio or audioFFT input's image, refilled from its sound each frame: `shape.length` wide, one row
/// per channel, half-float RGBA with the value in r, g and b and alpha 1, as ISF lays sound out. Half
/// floats are filterable everywhere ES 3 runs and keep a spectrum's louder-than-full-scale bins.
final class SoundTexture {
    let shape: SoundImageShape
    let source: any SoundSource
    let target: RenderTarget
    private var texels: [Float]
    /// What the last frames left in each bin, for a spectrum that accumulates over frames (see
    /// `SoundImageShape.Accumulation`): the smoothed values, and the slightly smoothed ones that an integral adds up.
    private var smoothed: [Float] = []
    private var slightlySmoothed: [Float] = []
    private var integral: [Float] = []

    init(shape: SoundImageShape, source: any SoundSource) throws(GPUError) {
        self.shape = shape
        self.source = source
        let size = PixelSize(width: shape.length, height: max(1, source.channelCount))
        target = try RenderTarget(TextureDescriptor(size: size, format: .rgba16f))
        texels = [Float](repeating: 1, count: size.width * size.height * 4)
    }

    var size: PixelSize { target.size }

    /// Uploads the sound at `seconds` into `target`.
    func update(at seconds: Double) {
        let values = accumulated(source.values(of: shape.analysed, at: seconds))
        let width = size.width, height = size.height
        for channel in 0..<min(height, values.count / width) {
            // ISF puts the first channel at y = 0, its bottom; the workbench stores row 0 at the top, so
            // channel 0 is the last stored row (the prelude flips ISF's coordinates onto stored rows).
            let row = height - 1 - channel
            for column in 0..<width {
                let value = values[channel * width + column]
                let texel = (row * width + column) * 4
                texels[texel] = value
                texels[texel + 1] = value
                texels[texel + 2] = value
            }
        }
        target.upload(floats: texels)
    }

    /// This frame's analysis carried into the values kept over frames, as Bonzomatic keeps them.
    private func accumulated(_ values: [Float]) -> [Float] {
        switch shape.accumulation {
        case .none:
            return values
        case .smoothed:
            if smoothed.count != values.count { smoothed = [Float](repeating: 0, count: values.count) }
            for index in values.indices { smoothed[index] = smoothed[index] * 0.9 + values[index] * 0.1 }
            return smoothed
        case .integrated:
            if integral.count != values.count {
                integral = [Float](repeating: 0, count: values.count)
                slightlySmoothed = integral
            }
            for index in values.indices {
                slightlySmoothed[index] = slightlySmoothed[index] * 0.6 + values[index] * 0.4
                integral[index] += slightlySmoothed[index]
                if integral[index] > 1024 { integral[index] -= 1024 }
            }
            return integral
        }
    }
}
