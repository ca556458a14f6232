import Testing

/// The suites that point ALSA at a configuration of their own: ALSA reads `ALSA_CONFIG_PATH` for the whole
/// process, so they run one at a time, never beside one another.
@Suite("ALSA devices without a sound card", .serialized)
enum ALSADeviceTests {}
