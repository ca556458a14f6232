/// "Did you mean" suggestions for misspelt keys, kinds, node, filter and command names.
public enum Spelling {
    /// The candidate within a small edit distance of `word`, if one is clearly closest.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, word.count / 3))
        return best.1 <= limit ? best.0 : nil
    }

    /// Edits that turn `a` into `b`: a letter inserted, deleted or replaced, or two neighbours swapped. A swap
    /// counts once because it is the commonest slip on a keyboard ("sepai" for "sepia"), which plain
    /// Levenshtein distance counts as two and so thinks too far away to suggest for a short word.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
