/// Translations by source text, each made once, the oldest forgotten past a bound so a long editing session's
/// every save does not accumulate.
struct TranslationCache {
    static let capacity = 64

    /// A stage's text: the same text is another shader in the other stage.
    struct Key: Hashable {
        var source: String
        var vertex: Bool
    }

    private var results: [Key: Result<String, TranslationFailure>] = [:]
    private var order: [Key] = []
    /// How many texts were translated rather than found.
    private(set) var misses = 0

    func result(for key: Key) -> Result<String, TranslationFailure>? {
        results[key]
    }

    mutating func remember(_ result: Result<String, TranslationFailure>, for key: Key) {
        misses += 1
        guard results.updateValue(result, forKey: key) == nil else { return }
        order.append(key)
        if order.count > Self.capacity {
            results[order.removeFirst()] = nil
        }
    }
}
