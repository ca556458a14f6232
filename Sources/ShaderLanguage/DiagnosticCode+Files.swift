/// The code for a file that cannot be read, whichever kind it is: a composition, a shader or an include.
extension DiagnosticCode {
    public static let unreadableFile = DiagnosticCode(
        1005, "a file cannot be read",
        explanation: """
            A file the composition names (a shader, an image, an include) is not there, cannot be opened, is a \
            folder, is larger than a text file here may be, or is not UTF-8 text; an image is not a PNG, JPEG, \
            TIFF or WebP that can be decoded; a sequence's numbered path matches no files; an `include:` folder is \
            not a folder. Paths are relative to the composition's own folder. The window keeps the last good \
            state and reloads when the file appears.
            """,
        example: """
            fill: { kind: shader, file: shaders/fill.fsh }   # the file is beside the composition
            # fixed:
            fill: { kind: shader, file: fill.fsh }
            """)
}
