/// The JSON header that opens an ISF (Interactive Shader Format) file, read into what the workbench needs:
/// the shader's inputs, its render passes and the images it imports.
///
/// How it is run:
/// - each of `inputs` is a uniform of its name (`ShaderInterface.uniforms`, in INPUTS order, ahead of any
///   the text declares), set from a composition's `uniforms` or wired under `inputs` for images;
/// - `passes` are drawn in order with `PASSINDEX` = 0, 1, …, each into its `target`'s buffer sized by
///   `ISFPass.size(renderSize:inputs:)`, the last into the node's output; no passes means one plain pass;
/// - every pass target and every `imported` image is a `sampler2D` the prelude declares by name; they are
///   not in `ShaderInterface.uniforms`, since nothing in a composition wires them.
public struct ISFHeader: Hashable, Sendable {
    /// ISFVSN: the version of the ISF specification the file follows ("2.0"); nil means version 1.
    public var specificationVersion: String?
    public var description: String?
    public var credit: String?
    public var categories: [String] = []
    public var inputs: [ISFInput] = []
    public var passes: [ISFPass] = []
    public var imported: [ISFImportedImage] = []
    /// Where the PASSES and IMPORTED keys are written, for messages about them as a whole.
    public var passesLocation: SourceLocation?
    public var importedLocation: SourceLocation?

    public func input(named name: String) -> ISFInput? {
        inputs.first { $0.name == name }
    }
}
