/// Turns a driver's info log for a prepared shader into diagnostics at the user's file, line and column.
public enum CompilerDiagnostics {
    public enum Stage: String, Sendable {
        case compile
        case link
    }

    /// Messages about a ShaderToy shader's Common code are reported at the Common file's lines.
    public static func diagnostics(fromLog log: String, for shader: PreparedShader, stage: Stage) -> [Diagnostic] {
        let messages = messages(in: log)
        if !shader.fusedMembers.isEmpty { return fusedDiagnostics(of: messages, in: shader, stage: stage) }
        guard let common = shader.common, messages.contains(where: { $0.sourceString == PreparedShader.commonSourceString }) else {
            return diagnostics(of: messages, in: shader.source, stage: stage, dialect: shader.interface.dialect)
        }
        let inCommon = messages.filter { $0.sourceString == PreparedShader.commonSourceString }.map { message in
            var renumbered = message
            renumbered.sourceString = 0
            return renumbered
        }
        let others = messages.filter { $0.sourceString != PreparedShader.commonSourceString }
        return diagnostics(of: inCommon, in: common, stage: stage) + (others.isEmpty ? [] : diagnostics(of: others, in: shader.source, stage: stage))
    }

    /// A fused pass's messages at each member's file (its source string), naming its node and the names it
    /// wrote (the program's prefixes dropped); the rest at the last member's.
    private static func fusedDiagnostics(of messages: [CompilerMessage], in shader: PreparedShader, stage: Stage) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var others = messages
        for (index, member) in shader.fusedMembers.enumerated() {
            let sourceString = ShaderFusion.firstMemberSourceString + index
            let own = messages.filter { $0.sourceString == sourceString }.map { message in
                var renumbered = message
                renumbered.sourceString = 0
                renumbered.message = ShaderFusion.writtenNames(in: message.message, member: index)
                return renumbered
            }
            others.removeAll { $0.sourceString == sourceString }
            guard !own.isEmpty else { continue }
            diagnostics += self.diagnostics(of: own, in: member.source, stage: stage).map { $0.naming(node: member.node) }
        }
        if !others.isEmpty || diagnostics.isEmpty {
            diagnostics += self.diagnostics(of: others, in: shader.fusedMembers.last?.source ?? shader.source, stage: stage)
        }
        return diagnostics
    }

    /// For a shader the driver refused as GLSL ES (`log`) whose desktop GLSL reading failed too (glslang's
    /// `desktopLog`): the driver's diagnostics, each of glslang's a note under the one nearest its line that
    /// says it is the desktop reading. A shader that does not parse as GLSL ES does not parse as desktop GLSL
    /// either (they share the grammar), so after the driver's syntax error glslang's would only repeat it.
    public static func diagnostics(fromLog log: String, desktopLog: String, for shader: PreparedShader) -> [Diagnostic] {
        withDesktopNotes(diagnostics(fromLog: log, for: shader, stage: .compile), log: log,
                         desktop: diagnostics(fromLog: desktopLog, for: shader, stage: .compile))
    }

    /// The same for a vertex shader of the user's own, `source`.
    public static func diagnostics(fromLog log: String, desktopLog: String, in source: SourceText) -> [Diagnostic] {
        withDesktopNotes(diagnostics(fromLog: log, in: source, stage: .compile), log: log,
                         desktop: diagnostics(fromLog: desktopLog, in: source, stage: .compile))
    }

    private static func withDesktopNotes(_ diagnostics: [Diagnostic], log: String, desktop: [Diagnostic]) -> [Diagnostic] {
        var diagnostics = diagnostics
        guard !diagnostics.isEmpty, !messages(in: log).contains(where: { $0.message.contains("syntax error") }) else {
            return diagnostics
        }
        for var note in desktop {
            note.message = "as desktop GLSL: " + note.message
            note.severity = .note
            note.notes = []
            let line = note.location?.line ?? 0
            let nearest = diagnostics.indices.min { abs((diagnostics[$0].location?.line ?? 0) - line) < abs((diagnostics[$1].location?.line ?? 0) - line) }
            diagnostics[nearest ?? 0].notes.append(note)
        }
        return diagnostics
    }

    /// The log's messages, each at the source string its line is numbered in (`SourceStringNumbering`).
    private static func messages(in log: String) -> [CompilerMessage] {
        CompilerLogParser.parse(log).map(SourceStringNumbering.attributed)
    }

    /// For a log about `source`, the user's text behind the workbench's prelude (a fragment shader, or an
    /// ISF shader's own vertex stage).
    public static func diagnostics(fromLog log: String, in source: SourceText, stage: Stage) -> [Diagnostic] {
        diagnostics(of: messages(in: log), in: source, stage: stage)
    }

    /// `dialect`: how the shader was read, when it is a fragment shader; one read as anything but ISF that
    /// uses ISF's names is told it has no ISF header (`MissingISFHeader`).
    private static func diagnostics(of messages: [CompilerMessage], in source: SourceText, stage: Stage,
                                    dialect: ShaderDialect? = nil) -> [Diagnostic] {
        if messages.isEmpty {
            // A failed step with an empty log still must say something located.
            return [.error("the shader failed to \(stage.rawValue) and the driver gave no reason", at: source.location(line: 0))]
        }
        var headerNoted = dialect == nil || dialect == .isf
        return FollowOnErrors.fold(messages, in: source).map { root in
            var diagnostic = diagnostic(for: root.message, in: source)
            if let summary = root.summary { diagnostic.notes.append(Diagnostic(.note, summary)) }
            if !headerNoted, let note = MissingISFHeader.note(for: root.message) {
                diagnostic.notes.append(note)
                headerNoted = true
            }
            return diagnostic
        }
    }

    static func diagnostic(for message: CompilerMessage, in source: SourceText) -> Diagnostic {
        guard let line = message.line, message.sourceString ?? 0 == 0, let text = source.line(line) else {
            // No line (most link errors), or a line of the workbench's prelude: name the file, never drop it.
            let inPrelude = message.sourceString == PreparedShader.preludeSourceString
            return Diagnostic(message.severity, message.message + (inPrelude ? " (in the workbench's prelude)" : ""),
                              at: source.location(line: 0))
        }
        let column = column(of: message, inLine: text)
        if MissingSemicolon.isReported(by: message.message), let place = MissingSemicolon.place(beforeLine: line, column: column, in: source),
           let placeText = source.line(place.line) {
            // On the token's own line the `;` goes between two pieces of code, so the one after it is named.
            let sameLine = place.line == line ? Self.token(at: column, in: text).map { "missing ';' before '\($0)'" } : nil
            return Diagnostic(message.severity, sameLine ?? "missing ';' at the end of this line",
                              at: source.location(line: place.line, column: place.column), sourceLine: placeText)
        }
        return Diagnostic(message.severity, message.message, at: source.location(line: line, column: column), sourceLine: text)
    }

    /// The token that starts at `column` of `line`: a word, a number, or one other character.
    static func token(at column: Int, in line: String) -> String? {
        let characters = Array(line)
        guard column >= 1, column <= characters.count else { return nil }
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" || character == "." }
        let start = column - 1
        guard isWordCharacter(characters[start]) else { return String(characters[start]) }
        let end = characters[start...].firstIndex { !isWordCharacter($0) } ?? characters.count
        return String(characters[start..<end])
    }

    /// The best column for a message: where its quoted token stands in the line (nearest the driver's
    /// column when it appears more than once), else the driver's column corrected for Mesa's counting.
    static func column(of message: CompilerMessage, inLine line: String) -> Int {
        let reported = message.column.map { realColumn(fromMesaColumn: $0, in: line) }
        if let token = message.quotedToken, !token.isEmpty {
            let starts = occurrences(of: token, in: line)
            if let nearest = starts.min(by: { abs($0 - (reported ?? 0)) < abs($1 - (reported ?? 0)) }) {
                return nearest
            }
        }
        return reported ?? 0
    }

    /// Mesa's lexer counts each run of spaces or tabs as a single column (measured on Mesa 22.3): walk the
    /// line the same way to find the real 1-based column of the character Mesa means.
    static func realColumn(fromMesaColumn mesaColumn: Int, in line: String) -> Int {
        let characters = Array(line)
        func isBlank(_ index: Int) -> Bool { index < characters.count && (characters[index] == " " || characters[index] == "\t") }
        var counted = 1
        for index in characters.indices {
            if counted == mesaColumn && !isBlank(index) { return index + 1 }
            if !(isBlank(index) && isBlank(index + 1)) { counted += 1 }
        }
        return min(max(1, mesaColumn), max(1, characters.count))
    }

    /// 1-based starting columns of `token` in `line` where it stands as a whole word.
    static func occurrences(of token: String, in line: String) -> [Int] {
        let characters = Array(line)
        let target = Array(token)
        guard target.count <= characters.count else { return [] }
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        var starts: [Int] = []
        for start in 0...(characters.count - target.count) where Array(characters[start..<start + target.count]) == target {
            let before = start > 0 ? characters[start - 1] : " "
            let after = start + target.count < characters.count ? characters[start + target.count] : " "
            let wordToken = target.first.map(isWordCharacter) ?? false
            if !wordToken || (!isWordCharacter(before) && !isWordCharacter(after)) {
                starts.append(start + 1)
            }
        }
        return starts
    }
}
