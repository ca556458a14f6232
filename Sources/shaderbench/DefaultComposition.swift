import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Finds the composition opened when none is named: in the working directory, else in the checkout the
/// executable was built in (found by walking up from it).
enum DefaultComposition {
    static let relativePath = "compositions/default.yaml"

    static func locate() -> String? {
        if UserFile.isRegularFile(relativePath) { return relativePath }
        var directory = ProgramLocation.executableDirectory ?? "."
        while directory.count > 1 {
            let candidate = directory + "/" + relativePath
            if UserFile.isRegularFile(candidate) { return candidate }
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = String(directory[..<slash])
        }
        return nil
    }
}
