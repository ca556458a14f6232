import ShaderLanguage

extension AnimatedParameter {
    /// The keyed parameters that can be played, each curve told how its parameter takes numbers between keys;
    /// an error at its key in `animate:` for each that cannot: a node that is not there, an image input or a
    /// node with no parameters, a parameter also wired, keys of the wrong type or outside the declared bounds.
    static func checked(_ animation: [AnimatedParameter], in composition: Composition, unloadedNodes: Set<String>,
                        into diagnostics: inout [Diagnostic]) -> [AnimatedParameter] {
        animation.compactMap { entry in
            var entry = entry
            let reference = entry.reference
            guard let node = composition.node(named: reference.node) else {
                if !unloadedNodes.contains(reference.node) {
                    var message = "'animate' keys \(reference), but there is no node named '\(reference.node)'"
                    if let suggestion = Spelling.closest(to: reference.node, among: composition.nodes.map(\.name)) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    diagnostics.append(.error(message, at: reference.location, code: .unknownNode))
                }
                return nil
            }
            switch node.kind {
            case .movie(let movie):
                guard !movie.isStream else {
                    diagnostics.append(.error("\(movie.file) is a live stream: it has no time to key, its newest frame is always the one shown",
                                              at: reference.location, code: .keysOnInput))
                    return nil
                }
                guard reference.uniform == movieTime else {
                    diagnostics.append(.error("a movie's one keyable parameter is its '\(movieTime)' (seconds of the movie shown), not '\(reference.uniform)'",
                                              at: reference.location, code: .keysOnInput))
                    return nil
                }
                guard entry.curve.width == 1 else {
                    diagnostics.append(.error("\(reference) is one number, seconds of the movie; its keys have \(entry.curve.width)",
                                              at: entry.curve.keys.first?.location ?? reference.location, code: .keyValueType))
                    return nil
                }
                return entry
            default:
                guard let parameters = node.kind.uniformParameters else { break }
                guard let problems = problems(of: entry, parameters: parameters) else {
                    entry.curve.rounding = rounding(for: entry.reference.uniform, in: parameters)
                    return entry
                }
                diagnostics += problems
                return nil
            }
            diagnostics.append(.error("node '\(node.name)' is \(article(node.kind.name)) \(node.kind.name) node, which has no parameters to key; "
                                      + "keys belong to a shader's or kernel's uniforms or a movie's time", at: reference.location, code: .keysOnInput))
            return nil
        }
    }

    /// Nil when every key fits the uniform it keys.
    private static func problems(of entry: AnimatedParameter, parameters: UniformParameters) -> [Diagnostic]? {
        let reference = entry.reference
        guard let declaration = parameters.declaration(named: reference.uniform) else {
            var message = "\(reference.node)'s shader has no uniform '\(reference.uniform)'"
            if let suggestion = Spelling.closest(to: reference.uniform, among: parameters.declarations.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            return [.error(message, at: reference.location, code: .noSuchUniform)]
        }
        guard let components = declaration.type.componentCount else {
            let what = declaration.type == .sampler2D ? "an image input, which a wire under 'inputs:' feeds" : "a \(declaration.type), which no number sets"
            return [.error("\(reference) is \(what); keys set numbers", at: reference.location, code: .keysOnInput)]
        }
        if case .wire(let wire)? = parameters.settings[reference.uniform] {
            return [.error("\(reference) is keyed here and wired to '\(wire.node)' at line \(wire.location.line); give it keys or a wire, not both",
                           at: reference.location, code: .keyedAndWired)]
        }
        let count = components * (declaration.arrayLength ?? 1)
        let bounds = DeclaredBounds(declaration)
        let menu = parameters.isf?.input(named: reference.uniform).flatMap { $0.kind == .long ? $0.values : nil }.flatMap { $0.isEmpty ? nil : $0 }
        var problems: [Diagnostic] = []
        for key in entry.curve.keys {
            let location = key.location ?? reference.location
            let at = CompositionLoading.seconds(key.time)
            guard key.value.count == count else {
                problems.append(.error("\(reference) is \(declaration.type)\(declaration.arrayLength.map { "[\($0)]" } ?? "") and takes \(count) number\(count == 1 ? "" : "s"); the key at \(at) has \(key.value.count)",
                                       at: location, code: .keyValueType))
                continue
            }
            switch declaration.type.scalarKind {
            case .int? where key.value.contains { $0 != $0.rounded() }:
                problems.append(.error("\(reference) is \(declaration.type) and takes whole numbers; the key at \(at) has a fraction", at: location, code: .keyValueType))
                continue
            case .bool? where key.value.contains { $0 != 0 && $0 != 1 }:
                problems.append(.error("\(reference) is \(declaration.type) and takes true or false; the key at \(at) has another number", at: location, code: .keyValueType))
                continue
            default:
                break
            }
            if let menu, let value = key.value.first, !menu.contains(Int(value)) {
                problems.append(.error("\(reference) is a menu of \(menu.map(String.init).joined(separator: ", ")); the key at \(at) is \(Int(value))",
                                       at: location, code: .keyValueType))
                continue
            }
            for (component, value) in key.value.enumerated() {
                let low = bounds.lower(at: component), high = bounds.upper(at: component)
                guard low.map({ value < $0 }) == true || high.map({ value > $0 }) == true else { continue }
                let range = "\(low.map { "\($0)" } ?? "")…\(high.map { "\($0)" } ?? "")"
                let which = count == 1 ? "" : " (number \(component + 1))"
                problems.append(.error("the key at \(at) sets \(reference)\(which) to \(value), outside the range its shader declares, \(range)",
                                       at: location, code: .keyOutsideBounds))
                break
            }
        }
        return problems.isEmpty ? nil : problems
    }

    /// How `uniform` takes numbers between keys: ints whole, bools and menus as steps.
    private static func rounding(for uniform: String, in parameters: UniformParameters) -> KeyedCurve.Rounding {
        if let input = parameters.isf?.input(named: uniform), input.kind == .long, input.values?.isEmpty == false { return .steps }
        switch parameters.declaration(named: uniform)?.type.scalarKind {
        case .int?: return .whole
        case .bool?: return .steps
        default: return .none
        }
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
