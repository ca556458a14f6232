import TestSupport

extension TemporaryFolder {
    /// Writes `clip` as `name` in the folder and returns its path.
    func write(_ clip: TestClip, as name: String) throws -> String {
        let path = file(name)
        try clip.write(to: path)
        return path
    }
}
