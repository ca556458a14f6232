import ShaderLanguage
import Yams

/// Edits of a composition's YAML addressed by its composed nodes: a scalar's text replaced, a mapping's entry
/// added after another or taken out, each in the style of the mapping around it (a line of its own in a block
/// mapping; in a flow mapping, the comma that separates it).
extension TextEdits {
    /// Replaces `old` at the start of a scalar's text with `new`, quotes kept: a wire `tint` or `tint.xy`
    /// renamed.
    mutating func replacePrefix(_ old: String, of scalar: Yams.Node, with new: String, reader: YAMLReader) throws(Diagnostic) {
        guard let mark = scalar.mark, let start = offset(line: mark.line, column: mark.column) else {
            throw reader.error("the place of this text in the file is unknown, so it is not changed", at: scalar, code: .notSaved)
        }
        // A quoted scalar's place is its opening quote.
        let at = reads(old, at: start) ? start : start + 1
        guard reads(old, at: at) else {
            throw reader.error("the text here is not where the YAML parser puts it, so it is not changed", at: scalar, code: .notSaved)
        }
        replace(at: at, length: old.unicodeScalars.count, with: new)
    }

    /// Adds `entry` to `mapping` right after its entry `key: value`.
    mutating func add(_ entry: String, after entryBefore: (key: Yams.Node, value: Yams.Node), in mapping: Yams.Node,
                      reader: YAMLReader) throws(Diagnostic) {
        guard let collectionMark = mapping.mark, let collectionStart = offset(line: collectionMark.line, column: collectionMark.column),
              let keyMark = entryBefore.key.mark, let end = end(of: entryBefore.value) else {
            throw reader.error("the entry's place in the text is unknown, so nothing is added after it", at: entryBefore.key, code: .notSaved)
        }
        let indent = String(repeating: " ", count: keyMark.column - 1)
        // A flow mapping's place is its `{`, a block mapping's its first key.
        if scalar(at: collectionStart) == "{" {
            let separator = keyMark.line == collectionMark.line ? ", " : ",\n" + indent
            insert(separator + entry, at: end)
            return
        }
        let lineEnd = lineEnd(after: max(end - 1, 0))
        if scalar(at: lineEnd) == "\n" {
            insert(indent + entry + "\n", at: lineEnd + 1)
        } else {
            insert("\n" + indent + entry, at: lineEnd)
        }
    }

    /// Takes the entry `key: value` out of `mapping` (or, given an item as both, the item out of a sequence): in
    /// a flow collection with the comma that separates it from its neighbour, in a block collection its lines
    /// whole.
    mutating func remove(_ entry: (key: Yams.Node, value: Yams.Node), from collection: Yams.Node, reader: YAMLReader) throws(Diagnostic) {
        guard let collectionMark = collection.mark, let collectionStart = offset(line: collectionMark.line, column: collectionMark.column),
              let keyMark = entry.key.mark, let keyStart = offset(line: keyMark.line, column: keyMark.column), let end = end(of: entry.value) else {
            throw reader.error("the entry's place in the text is unknown, so it is not taken out", at: entry.key, code: .notSaved)
        }
        if scalar(at: collectionStart) == "{" || scalar(at: collectionStart) == "[" {
            var after = end
            while scalar(at: after) == " " || scalar(at: after) == "\t" { after += 1 }
            if scalar(at: after) == "," {
                after += 1
                while let next = scalar(at: after), [" ", "\t", "\n", "\r"].contains(next) { after += 1 }
                replace(at: keyStart, length: after - keyStart, with: "")
                return
            }
            // The last entry: the comma before it goes, and what separated them.
            var before = endOfContent(before: keyStart)
            if scalar(at: before - 1) == "," { before -= 1 }
            replace(at: before, length: endOfContent(before: end) - before, with: "")
            return
        }
        let first = lineStart(ofOffset: keyStart)
        let last = lineEnd(after: max(end - 1, keyStart))
        replace(at: first, length: min(last + 1, self.end) - first, with: "")
    }

    /// The offset just after the text of `node`: past a flow collection's closing bracket, else past its last
    /// part; a scalar ends its line.
    func end(of node: Yams.Node) -> Int? {
        guard let mark = node.mark, let start = offset(line: mark.line, column: mark.column) else { return nil }
        switch node {
        case .mapping(let mapping):
            if scalar(at: start) == "{" { return closingBracket(ofCollectionAt: start).map { $0 + 1 } }
            return mapping.map { $0 }.last.flatMap { end(of: $0.value) } ?? start
        case .sequence(let sequence):
            if scalar(at: start) == "[" { return closingBracket(ofCollectionAt: start).map { $0 + 1 } }
            return sequence.last.flatMap { end(of: $0) } ?? start
        case .scalar, .alias:
            return scalarEnd(from: start)
        }
    }

    /// Where a scalar starting at `start` ends: its closing quote, or before a comma, bracket or comment in a
    /// flow collection, else its line's end less trailing blanks and comment.
    private func scalarEnd(from start: Int) -> Int {
        if let first = scalar(at: start), first == "\"" || first == "'" {
            var position = start + 1
            while position < end {
                if first == "\"", scalar(at: position) == "\\" { position += 2; continue }
                if scalar(at: position) == first {
                    if first == "'", scalar(at: position + 1) == "'" { position += 2; continue }
                    return position + 1
                }
                position += 1
            }
            return end
        }
        var position = start
        while let next = scalar(at: position), next != "\n", next != ",", next != "}", next != "]" {
            if next == "#", position > start, [" ", "\t"].contains(scalar(at: position - 1)) { break }
            position += 1
        }
        return endOfContent(before: position)
    }
}
