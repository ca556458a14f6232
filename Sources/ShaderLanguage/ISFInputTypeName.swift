/// The TYPE names an ISF header's inputs may have. The specification's are matched without regard to case,
/// as ossia score matches them (`point2d`, `audiofft`); the types other hosts add that the workbench cannot
/// run are refused with the reason, where an unknown name gets a spelling hint.
extension ISFInput.Kind {
    init?(typeName: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue.lowercased() == typeName.lowercased() }) else { return nil }
        self = kind
    }

    /// Why an input of another host's type `typeName` cannot run here, to follow "which"; nil for a name no host uses.
    static func refusal(of typeName: String) -> String? {
        switch typeName.lowercased() {
        case "cube", "cubemap":
            "is a cube map (VVISF's cube, ossia score's cubemap); the workbench's images are 2D textures, so it cannot feed one"
        case "audiohistogram", "audiofloathistogram":
            "is ossia score's histogram of sound, which the workbench does not make; use audio (the samples) or audioFFT (the spectrum)"
        case "storage", "texture", "geometry":
            "belongs to ossia score's compute shaders (CSF), not to ISF's fragment shaders"
        default:
            nil
        }
    }
}
