import ShaderLanguage

extension ControlMapping {
    /// Each mapping that cannot play its parameter, as an error at its key: a parameter not published, or wired
    /// to a value node; a vector without the number it plays, or a single number given one.
    static func problems(_ mappings: [ControlMapping], in composition: Composition) -> [Diagnostic] {
        let parameters = TunableParameter.all(in: composition, renderSize: PixelSize(width: 1, height: 1))
        return mappings.compactMap { mapping in
            guard let location = mapping.location else { return nil }
            guard let parameter = parameters.first(where: { $0.reference.isSameParameter(as: mapping.parameter) }) else {
                // Published but not offered: its node did not load, or the publishing is wrong, which is said there.
                if composition.published.contains(where: { $0.isSameParameter(as: mapping.parameter) }) { return nil }
                let published = composition.published.map(\.description)
                return .error("'controls' plays \(mapping.parameter), which is not published"
                              + (published.isEmpty ? " (add it to 'publish')" : " (published: \(published.joined(separator: ", ")))"),
                              at: location, code: .controlNotPublished)
            }
            if parameter.isWired {
                return .error("\(mapping.parameter) is wired to a value node, so no controller can play it", at: location, code: .controlWired)
            }
            switch (mapping.component, parameter.count) {
            case (nil, 1):
                return nil
            case (nil, let count):
                return .error("\(mapping.parameter) holds \(count) numbers: play one of them as \(mapping.parameter)[0] … [\(count - 1)]", at: location, code: .controlComponent)
            case (let component?, let count) where component >= count:
                return .error("\(mapping.parameter) holds \(count) number\(count == 1 ? "" : "s"); there is no [\(component)]", at: location, code: .controlComponent)
            default:
                return nil
            }
        }
    }
}
