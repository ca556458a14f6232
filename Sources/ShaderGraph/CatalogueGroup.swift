/// The sections of the filter catalogue, in the order the page shows them.
public enum CatalogueGroup: String, CaseIterable, Sendable {
    case colour
    case geometry
    case neighbourhood
    case blends
    case other

    public var title: String {
        switch self {
        case .colour: "Colour"
        case .geometry: "Geometry"
        case .neighbourhood: "Neighbourhood"
        case .blends: "Blends"
        case .other: "Other"
        }
    }

    /// One sentence under the section's title.
    public var summary: String {
        switch self {
        case .colour: "Each pixel's colour is changed on its own, without looking at its neighbours."
        case .geometry: "Pixels move: each one reads the input from somewhere else."
        case .neighbourhood: "Each pixel looks at the pixels around it: blurs, sharpening, edges, and drawn, printed or painted looks."
        case .blends: "Two images combined: the first on `inputImageTexture`, the second on `inputImageTexture2`."
        case .other: "Filters that fit none of the groups above."
        }
    }

    /// The group of the filter in `NAME.fsh`; a name not listed here is shown under "Other".
    public static func of(filterNamed name: String) -> CatalogueGroup {
        if name.hasPrefix("blend-") { return .blends }
        return members.first { $0.value.contains(name) }?.key ?? .other
    }

    private static let members: [CatalogueGroup: Set<String>] = [
        .colour: ["brightness", "chroma-key", "color-invert", "color-matrix", "contrast", "exposure", "gamma",
                  "grayscale", "hue", "levels", "luminance-threshold", "monochrome", "posterize", "saturation",
                  "sepia", "vignette", "white-balance"],
        .geometry: ["bulge", "flip-horizontal", "flip-vertical", "pinch", "pixellate", "rotate", "swirl"],
        .neighbourhood: ["box-blur", "gaussian-blur", "crosshatch", "emboss", "halftone", "kuwahara", "sharpen", "sketch", "sobel", "toon",
                         "unsharp-mask"],
    ]
}
