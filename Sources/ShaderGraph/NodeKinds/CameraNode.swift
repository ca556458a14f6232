import ShaderLanguage

/// `kind: camera`: a live camera, and the size, rate and format it asks the device for.
struct CameraNode: NodeKindModel {
    var camera: CameraSource

    static let keywords = ["camera"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "device", "size", "rate", "format"], in: "a camera node")
        let (fields, key) = (declaration.fields, declaration.key)
        var camera = CameraSource(location: loading.reader.location(of: key))
        if let deviceNode = fields["device"] {
            camera.location = loading.reader.location(of: deviceNode)
            guard let scalar = deviceNode.scalar else {
                loading.report("'device' is auto, a path such as /dev/video0, an index, or part of the camera's name", at: deviceNode, code: .wrongValue)
                return nil
            }
            camera.device = CameraSelector(parsing: scalar.string)
        }
        camera.size = fields["size"].flatMap { node in loading.attempt { () throws(Diagnostic) in try loading.reader.size(node, what: "'size'") } }
        if let rateNode = fields["rate"] {
            guard let rate = rateNode.scalar.flatMap(loading.reader.number), rate > 0, rate <= 1000 else {
                loading.report("'rate' is frames per second, a number such as 30", at: rateNode, code: .wrongValue)
                return nil
            }
            camera.frameRate = rate
        }
        if let formatNode = fields["format"] {
            guard let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(formatNode, what: "'format'") }) else { return nil }
            let known = ["YUYV", "UYVY", "NV12", "YU12", "YV12", "RGB3", "BGR3", "MJPG"]
            guard known.contains(text.uppercased()) else {
                loading.report("unknown camera format '\(text)'; expected one of: \(known.joined(separator: ", "))", at: formatNode, code: .wrongValue)
                return nil
            }
            camera.format = text.uppercased()
        }
        return .camera(camera)
    }

    var output: NodeOutput { .image }
    var isImageSource: Bool { true }
    var canSetRenderSize: Bool { true }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .camera(camera)
    }
}
