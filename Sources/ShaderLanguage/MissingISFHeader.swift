/// A shader read as GLSL whose driver error names one of ISF's own names (`TIME`, `RENDERSIZE`,
/// `IMG_NORM_PIXEL`, …) was most likely written for ISF and lost its header: the name is undeclared only
/// because no header made the file ISF. The first such error gets a note that says so.
enum MissingISFHeader {
    static let names = Set(ISFDialect.builtIns + ISFDialect.lookups + [ISFDialect.fragNormCoord, "vv_FragNormCoord"])

    /// The note for the error `message`, when it names one of ISF's names.
    static func note(for message: CompilerMessage) -> Diagnostic? {
        guard message.severity == .error, let token = message.quotedToken, names.contains(token) else { return nil }
        let keys = ISFHeaderText.markerKeys.prefix(3).joined(separator: ", ")
        return Diagnostic(.note, "'\(token)' is ISF's, but this file has no ISF header, so it is read as GLSL: an ISF file holds "
                          + "a JSON object naming \(keys) or another ISF key in a /* … */ comment, /*{ \"ISFVSN\": \"2.0\" }*/ at least")
    }
}
