import GPU
import Images
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Saves the image on screen, at its own resolution, to a new numbered PNG beside the working directory.
enum Screenshots {
    static let folder = "shaderbench-screenshots"

    static func save(_ target: RenderTarget, name: String) throws -> String {
        var number = 1
        var path: String
        repeat {
            path = "\(folder)/\(name)-\(number).png"
            number += 1
        } while UserFile.isRegularFile(path)
        try Directories.create(folder)
        try ImageFile.writePNG(target.readPixels(), to: path)
        return path
    }
}
