/// A compiler goes on after a mistake and reports what the mistake breaks further on: an undeclared name
/// again at every use, the expression around each use ("operands to arithmetic operators must be
/// numeric"), and a variable whose initialiser failed as "used uninitialized". Each mistake is shown once;
/// what only follows from it is counted under it.
enum FollowOnErrors {
    /// A message kept, with how many later ones were folded into it.
    struct Root {
        var message: CompilerMessage
        var errors = 0
        var warnings = 0

        /// "and 4 more errors that follow from it", or nil when nothing was folded.
        var summary: String? {
            var parts: [String] = []
            if errors > 0 { parts.append("\(errors) more error\(errors == 1 ? "" : "s")") }
            if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            guard !parts.isEmpty else { return nil }
            return "and \(parts.joined(separator: " and ")) that follow\(errors + warnings == 1 ? "s" : "") from it"
        }
    }

    /// Folds, in the log's order, each message that follows from an earlier error into that error's root:
    /// - the same message about the same token (the same undeclared name used again);
    /// - a message that names no token of its own, on a line that already has an error;
    /// - a warning about a token on a line that already has an error (a variable whose initialiser failed).
    static func fold(_ messages: [CompilerMessage], in source: SourceText) -> [Root] {
        var roots: [Root] = []
        // The root each line's first error went to, by source string and line.
        var rootOfLine: [Place: Int] = [:]
        var rootOfMistake: [String: Int] = [:]
        for message in messages {
            if let root = root(of: message, rootOfLine: rootOfLine, rootOfMistake: rootOfMistake, in: source) {
                if message.severity == .error { roots[root].errors += 1 } else { roots[root].warnings += 1 }
                if message.severity == .error, let place = Place(message), rootOfLine[place] == nil { rootOfLine[place] = root }
                continue
            }
            roots.append(Root(message: message))
            guard message.severity == .error else { continue }
            if let place = Place(message), rootOfLine[place] == nil { rootOfLine[place] = roots.count - 1 }
            if message.quotedToken != nil, rootOfMistake[message.message] == nil { rootOfMistake[message.message] = roots.count - 1 }
        }
        return roots
    }

    private struct Place: Hashable {
        var sourceString: Int
        var line: Int

        init?(_ message: CompilerMessage) {
            guard let line = message.line else { return nil }
            self.sourceString = message.sourceString ?? 0
            self.line = line
        }
    }

    /// The root `message` follows from, or nil when it is a mistake of its own.
    private static func root(of message: CompilerMessage, rootOfLine: [Place: Int], rootOfMistake: [String: Int],
                             in source: SourceText) -> Int? {
        guard message.severity != .note else { return nil }
        if message.severity == .error, message.quotedToken != nil, let root = rootOfMistake[message.message] {
            return root
        }
        if message.quotedToken == nil, let place = Place(message), let root = rootOfLine[place] {
            return root
        }
        guard message.severity == .warning, let token = message.quotedToken else { return nil }
        return rootOfLine.filter { place, _ in
            place.sourceString == 0 && source.line(place.line).map { !CompilerDiagnostics.occurrences(of: token, in: $0).isEmpty } == true
        }.values.min()
    }
}
