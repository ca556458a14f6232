import GPU

/// Where the window sends the image it shows for other programs to read as a camera: a V4L2 video output
/// (`WindowVirtualCamera`) or a PipeWire camera node (`WindowPipeWireOutput`), at a steady rate of its own.
protocol WindowCameraOutput: AnyObject {
    /// What the output is, once open, for messages: a device path, a node's name.
    var path: String? { get }
    /// How long until the next frame is due, for the loop's wait.
    var timeUntilDue: Double { get }
    /// Takes a newly shown image.
    func show(_ image: RenderTarget) throws
    /// Sends a frame when one is due: the image still being read back, else the last one again, or `shown`
    /// (the image on screen) where the output has none ready for its reader.
    func tick(shown: RenderTarget?) throws
}

extension WindowVirtualCamera: WindowCameraOutput {
    func tick(shown: RenderTarget?) throws { try tick() }
}
