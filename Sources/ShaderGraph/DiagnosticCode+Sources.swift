import ShaderLanguage

/// Live sources: cameras, movies and sound, which can fail while the composition itself is right.
extension DiagnosticCode {
    static let sources = [noCamera, cameraNotDelivering, movieNotDecoded, startPastMovieEnd, streamNotReceived, soundNotHeard]

    public static let noCamera = DiagnosticCode(
        5001, "no camera matches the node's device",
        explanation: """
            A camera node's `device` names a camera that is not connected: a path, an index as `shaderbench \
            devices` counts them, or part of its name; or a PipeWire camera (`pipewire:NAME`) that is not there, \
            or PipeWire is not running. The message lists the cameras there are. An `auto` camera \
            that finds none is not an error: it shows the moving test pattern, with a warning, until one is \
            plugged in.
            """,
        example: """
            camera: { kind: camera, device: /dev/video7 }   # devices lists /dev/video0 only
            # fixed:
            camera: { kind: camera, device: /dev/video0 }
            """)

    public static let cameraNotDelivering = DiagnosticCode(
        5002, "a camera that is not delivering frames",
        explanation: """
            The camera is busy (another program has it open), refuses every format and size it is asked for, \
            sends no frames, or was unplugged. The window keeps the last frame on screen with a notice and tries \
            again until frames come; `render` and `check` cannot wait, so a busy camera is an error at its node, \
            and a camera that stops during a render leaves its last frame held. `shaderbench devices` lists the \
            cameras, marking busy ones; `fuser /dev/videoN` names the program holding one.
            """,
        example: """
            camera: { kind: camera, device: /dev/video0 }   # a video call has it open
            # fixed: close the other program, or take another camera
            camera: { kind: camera, device: /dev/video2 }
            """)

    public static let movieNotDecoded = DiagnosticCode(
        5101, "a movie or sound file that cannot be decoded",
        explanation: """
            The file is not a movie or sound FFmpeg's libraries can read, has no stream of the kind the node \
            needs, or is damaged: a copy cut short, a stream whose frames stop decoding part way. `check` reads a \
            movie through to its end, so a damaged one is found before a render; the window shows the last good \
            frame with a notice. `ffprobe FILE` says what the file holds.
            """,
        example: """
            clip: { kind: movie, file: street.mp4 }   # a download cut short
            # fixed: download it again, or encode it again from the original
            clip: { kind: movie, file: street-whole.mp4 }
            """)

    public static let startPastMovieEnd = DiagnosticCode(
        5102, "a render that starts after the live movie ends",
        explanation: """
            Without `--frames`, a render whose live source is a movie renders the movie from `--start` to its \
            end, at the node's speed. A `--start` at or after the end leaves nothing to render. Give `--frames` \
            to render past the end (the movie loops or holds its last frame, as its node says), or a smaller \
            `--start`.
            """,
        example: """
            shaderbench render grade.yaml --input clip.mp4 --start 900 --out clip-graded.mp4   # clip.mp4 has 300 frames
            # fixed:
            shaderbench render grade.yaml --input clip.mp4 --start 200 --out clip-graded.mp4
            """)

    public static let streamNotReceived = DiagnosticCode(
        5103, "a network stream that sends no frames",
        explanation: """
            A movie node whose `file:` is a stream's URL (`srt://`, `udp://`, `rtsp://`, `rtmp://`, `http://` …) \
            got no picture from it: nothing sends to that address and port, a server refuses the connection or \
            has no such stream, or what arrives is not video FFmpeg can decode. The window shows the node black \
            (or its last frame) with a notice and keeps connecting, and a stream that stops for a while is \
            connected again; `render` and `check` wait 10 s for a first frame and then stop with this error. A \
            listener (`udp://@:PORT`, `srt://…?mode=listener`) waits for its sender; a caller needs the sender \
            listening first. `ffprobe URL` says what arrives.
            """,
        example: """
            feed: { kind: movie, file: "udp://127.0.0.1:5000" }   # the sender sends to port 5001
            # fixed:
            feed: { kind: movie, file: "udp://127.0.0.1:5001" }
            """)

    public static let soundNotHeard = DiagnosticCode(
        5201, "sound that cannot be captured or played",
        explanation: """
            There is no sound to hear, or nowhere to play it: ALSA's default capture device is missing or \
            stopped (audio inputs hear silence while the window tries it again), there is no output device for a \
            movie's soundtrack, the live sound in a render (which has none; it hears the live movie's \
            soundtrack, or silence), or a soundtrack that cannot be decoded. Nothing stops: the composition runs \
            on with silence.
            """,
        example: """
            level: { kind: audio }   # in a render, the live sound is silence
            # fixed: give the node a file, or render a movie as the live source
            level: { kind: audio, file: ../sounds/drums.wav }
            """)
}
