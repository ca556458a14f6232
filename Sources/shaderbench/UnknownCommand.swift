import ArgumentParser
import ShaderGraph
import ShaderLanguage

/// Opening the window is the default command, so without this check any first word would be taken for
/// a composition to open: `shaderbench rendr x` would fail as a missing file instead of as the mistyped
/// command it is. A bare word (no `/`, no `.`) that is neither a command nor a file is an unknown command.
/// `help COMMAND` is ArgumentParser's own, as the top-level help says, and so is no unknown command.
enum UnknownCommand {
    static func error(in arguments: [String], commands: [String]) -> ValidationError? {
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word), word != "help",
              !word.contains("/"), !word.contains("."), !UserFile.isRegularFile(word) else { return nil }
        if let suggestion = Spelling.closest(to: word, among: commands) {
            return ValidationError("unknown command '\(word)'; did you mean '\(suggestion)'?")
        }
        return ValidationError("unknown command '\(word)'; the commands are \(commands.joined(separator: ", ")), and a composition or shader file opens in the window")
    }
}
