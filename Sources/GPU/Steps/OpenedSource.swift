import ShaderGraph
import ShaderLanguage

/// What a source step opened before the graph was sized (`BoundStep.open`), handed to its `bind` once the
/// render size is known.
protocol OpenedSource {
    /// The size of its pixels, once known: a render sized by its first source takes it.
    var size: PixelSize? { get }
    /// An audio node's sound, which passes' audio inputs make their images from.
    var sound: (any SoundSource)? { get }
}

extension OpenedSource {
    var sound: (any SoundSource)? { nil }
}
