/// The three ways a text file ends its lines: LF (Unix), CR LF (Windows) and a lone CR (classic Mac OS).
/// Every reader takes all three, because each user's text is made one LF-only text where it is read
/// (`SourceText`); only a write-back, which must leave the rest of the file byte for byte, sees the others.
public enum LineBreaks {
    /// `text` with each CR LF and each lone CR made an LF; lines and columns are unchanged, since each break
    /// is still one break.
    public static func unified(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            scalars.append(afterCR ? "\n" : scalar)
        }
        return String(scalars)
    }

    /// The break `text` ends its first line with, which lines added to it use too; LF when it has none.
    public static func first(in text: String) -> String {
        let scalars = text.unicodeScalars
        guard let index = scalars.firstIndex(where: { $0 == "\r" || $0 == "\n" }) else { return "\n" }
        guard scalars[index] == "\r" else { return "\n" }
        let next = scalars.index(after: index)
        return next < scalars.endIndex && scalars[next] == "\n" ? "\r\n" : "\r"
    }
}
