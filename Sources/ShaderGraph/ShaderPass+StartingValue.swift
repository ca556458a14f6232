import ShaderLanguage

extension ShaderPass {
    /// What the uniform `declaration` starts as (`PlannedParameter.startingValue`): the composition's literal, else the shader's declared default where it has the
    /// uniform's count of numbers, else zeros. Nil when a wire sets it.
    func startingValue(of declaration: ShaderInterface.Declaration) -> [Float]? {
        let count = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
        switch uniforms[declaration.name] {
        case .literal(let numbers, _)? where numbers.count == count:
            return numbers
        case .wire?:
            return nil
        default:
            return declaration.annotation?.defaultValue.flatMap { $0.count == count ? $0 : nil } ?? [Float](repeating: 0, count: count)
        }
    }
}
