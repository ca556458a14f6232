/// Translations by source text, each made once, the oldest forgotten past a bound so a long editing session's
/// every save does not accumulate.
struct TranslationCache {
    static let capacity = 64

    private var results: [String: Result<String, TranslationFailure>] = [:]
    private var order: [String] = []
    /// How many texts were translated rather than found.
    private(set) var misses = 0

    func result(for source: String) -> Result<String, TranslationFailure>? {
        results[source]
    }

    mutating func remember(_ result: Result<String, TranslationFailure>, for source: String) {
        misses += 1
        guard results.updateValue(result, forKey: source) == nil else { return }
        order.append(source)
        if order.count > Self.capacity {
            results[order.removeFirst()] = nil
        }
    }
}
