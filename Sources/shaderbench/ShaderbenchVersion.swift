/// What `shaderbench --version` prints; raised with each release.
enum ShaderbenchVersion {
    static let current = "0.1.0"
}
