import Headless
import Images
import Testing

/// A filter at its neutral setting hands its input through untouched: the maths has no stray offset or
/// scale, and the photo arrives in the right place and orientation.
@Suite("Filters at their neutral settings")
struct NeutralFilterTests {
    /// One level of 255 absorbs the rounding of a colour converted to float and back.
    static let tolerance = 1

    static let neutralSettings: [(filter: String, uniforms: [String: [Float]])] = [
        ("brightness", ["brightness": [0]]),
        ("contrast", ["contrast": [1]]),
        ("exposure", ["exposure": [0]]),
        ("gamma", ["gamma": [1]]),
        ("hue", ["hue": [0]]),
        ("saturation", ["saturation": [1]]),
        ("sepia", ["intensity": [0]]),
        ("monochrome", ["intensity": [0]]),
        ("color-matrix", ["intensity": [0]]),
        ("white-balance", ["temperature": [6500], "tint": [0]]),
        ("levels", ["inputMinimum": [0, 0, 0], "inputMaximum": [1, 1, 1], "gamma": [1, 1, 1],
                    "outputMinimum": [0, 0, 0], "outputMaximum": [1, 1, 1]]),
        ("vignette", ["vignetteStart": [1], "vignetteEnd": [1.5]]),
        ("sharpen", ["sharpness": [0]]),
        ("emboss", ["intensity": [0]]),
        ("unsharp-mask", ["intensity": [0]]),
        ("box-blur", ["radius": [0]]),
        ("rotate", ["angle": [0]]),
        ("swirl", ["angle": [0]]),
        ("bulge", ["scale": [0]]),
        ("pinch", ["scale": [0]]),
        ("blend-add", ["intensity": [0]]),
        ("blend-color-burn", ["intensity": [0]]),
        ("blend-color-dodge", ["intensity": [0]]),
        ("blend-darken", ["intensity": [0]]),
        ("blend-difference", ["intensity": [0]]),
        ("blend-dissolve", ["mixturePercent": [0]]),
        ("blend-hard-light", ["intensity": [0]]),
        ("blend-lighten", ["intensity": [0]]),
        ("blend-multiply", ["intensity": [0]]),
        ("blend-normal", ["intensity": [0]]),
        ("blend-overlay", ["intensity": [0]]),
        ("blend-screen", ["intensity": [0]]),
        ("blend-soft-light", ["intensity": [0]]),
        ("blend-subtract", ["intensity": [0]]),
    ]

    @Test("the neutral setting leaves the input unchanged", arguments: neutralSettings)
    func neutralIsIdentity(filter: String, uniforms: [String: [Float]]) throws {
        let entry = try LibraryFilters.entry(filter)
        // The neutral setting is one a user can dial in: within each parameter's declared range.
        for (name, values) in uniforms {
            let parameter = try #require(entry.parameters.first { $0.name == name }, "\(filter) has no parameter \(name)")
            if let low = parameter.annotation?.minimum?.min(), let high = parameter.annotation?.maximum?.max() {
                #expect(values.allSatisfy { (low...high).contains($0) }, "\(filter).\(name) = \(values) is outside \(low)...\(high)")
            }
        }
        let renderer = try LibraryFilters.renderer()
        let output = try renderer.render(entry, uniforms: uniforms)
        let difference = output.largestDifference(from: renderer.input)
        #expect(difference <= Self.tolerance, "\(filter) at \(uniforms) changes its input by \(difference) levels")
    }
}
