import Foundation

/// A low-frequency oscillator: a value that swings between 0 and 1 with the clock.
public struct Oscillator: Sendable, Hashable {
    public enum Waveform: String, CaseIterable, Sendable {
        case sine, triangle, square
    }

    public var waveform: Waveform
    /// Cycles per second.
    public var rate: Float
    /// Where in its cycle it is at time 0, from 0 to 1.
    public var phase: Float

    public init(waveform: Waveform = .sine, rate: Float = 1, phase: Float = 0) {
        self.waveform = waveform
        self.rate = rate
        self.phase = phase
    }

    /// The value at `seconds`, from 0 to 1; a sine starts at its middle, rising.
    public func value(at seconds: Double) -> Float {
        let cycle = (Double(rate) * seconds + Double(phase)).truncatingRemainder(dividingBy: 1)
        let position = cycle < 0 ? cycle + 1 : cycle
        switch waveform {
        case .sine: return Float(0.5 + 0.5 * sin(2 * Double.pi * position))
        case .triangle: return Float(position < 0.5 ? 2 * position : 2 - 2 * position)
        case .square: return position < 0.5 ? 1 : 0
        }
    }
}
