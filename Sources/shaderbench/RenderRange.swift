import ArgumentParser
import Foundation
import Media

/// `render`'s frame range, rate and movie quality as typed, each refused as a usage error that says what is allowed
/// before anything is opened. Negative numbers are read as numbers (`--frames -1`), so they get the same
/// message rather than "missing value".
enum RenderRange {
    static func frames(_ text: String) throws -> Int {
        guard let frames = Int(text), frames >= 1 else {
            throw ValidationError("the number of frames to render is a whole number, 1 or more")
        }
        return frames
    }

    static func start(_ text: String) throws -> Int {
        guard let start = Int(text), start >= 0 else {
            throw ValidationError("frames are numbered from 0, so the first is a whole number, 0 or more")
        }
        return start
    }

    static func quality(_ text: String) throws -> Int {
        guard let quality = Int(text) else {
            throw ValidationError("the quality is a whole number, on the encoder's scale (libx264: 0 to 51)")
        }
        return quality
    }

    static func mouse(_ text: String) throws -> SIMD2<Float> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw ValidationError("the pointer is two numbers, X,Y: output pixels from the bottom-left, such as 320,240")
        }
        return SIMD2(x, y)
    }

    static func framesPerSecond(_ text: String) throws -> MovieSettings.FrameRate {
        guard let rate = MovieSettings.FrameRate(parsing: text) else {
            throw ValidationError("frames per second is a number above 0, such as 30 or 29.97, or a fraction such as 30000/1001")
        }
        return rate
    }
}
