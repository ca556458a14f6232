/// The passes glslViewer draws from one file, each a node of its own here: for every `u_doubleBufferN` the
/// file declares, a pass with `DOUBLE_BUFFER_N` defined that reads its own last frame through it (ping-pong
/// feedback); for every `u_bufferN`, a pass with `BUFFER_N` defined; then the file's own pass; and, when it
/// declares `u_scene`, that pass draws the scene and one more with `POSTPROCESSING` defined reads it. They
/// run in that order each frame, so a pass reads the passes drawn before it as this frame's images and itself
/// or those drawn after it as their last frame's. The last pass keeps the node's name, so the rest of the
/// composition sees the finished image; the others are named after it (`look-buffer0`, `look-scene`).
enum GLSLViewerPasses {
    private struct Target {
        var sampler: String
        var define: String
        var node: String
    }

    /// `node` as the nodes of its passes, in drawing order; `node` alone when its file draws one pass.
    static func nodes(for node: Node) -> [Node] {
        guard case .shader(let pass) = node.kind, pass.interface.dialect == .glslViewer else { return [node] }
        let samplers = pass.interface.samplers.map(\.name)
        func numbered(_ prefix: String) -> [Int] {
            samplers.compactMap { name in
                guard name.hasPrefix(prefix) else { return nil }
                let digits = name.dropFirst(prefix.count)
                return digits.isEmpty || !digits.allSatisfy(\.isNumber) ? nil : Int(digits)
            }.sorted()
        }
        var targets = numbered(doubleBufferPrefix).map { Target(sampler: doubleBufferPrefix + "\($0)", define: "DOUBLE_BUFFER_\($0)", node: "\(node.name)-double-buffer\($0)") }
            + numbered(bufferPrefix).map { Target(sampler: bufferPrefix + "\($0)", define: "BUFFER_\($0)", node: "\(node.name)-buffer\($0)") }
        let postProcessed = samplers.contains(scene)
        if postProcessed { targets.append(Target(sampler: scene, define: "", node: "\(node.name)-scene")) }
        guard !targets.isEmpty else { return [node] }
        let last = Target(sampler: "", define: postProcessed ? "POSTPROCESSING" : "", node: node.name)
        let order = targets + [last]
        return order.enumerated().map { position, drawn in
            var own = pass
            own.defines = drawn.define.isEmpty ? [] : [drawn.define]
            for (index, target) in targets.enumerated() {
                own.inputs[target.sampler] = Wire(node: target.node, location: node.location)
                // Drawn later in the frame: its last frame (a pass reading its own image reads its last frame anyway).
                if index > position { own.previousFrameInputs[target.sampler] = node.location }
            }
            var passNode = Node(name: drawn.node, kind: .shader(own), location: node.location)
            if drawn.node != node.name { passNode.passOf = node.name }
            return passNode
        }
    }

    static let bufferPrefix = "u_buffer"
    static let doubleBufferPrefix = "u_doubleBuffer"
    static let scene = "u_scene"

    /// Whether `sampler` is one of the images these passes draw, which only they feed.
    static func isPassImage(_ sampler: String) -> Bool {
        sampler == scene || [bufferPrefix, doubleBufferPrefix].contains { prefix in
            sampler.hasPrefix(prefix) && sampler.count > prefix.count && sampler.dropFirst(prefix.count).allSatisfy(\.isNumber)
        }
    }
}
