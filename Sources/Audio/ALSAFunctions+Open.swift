import CALSA

extension ALSAFunctions {
    /// Opens `device` for `stream` as 16-bit interleaved samples of `channels` at `rate`, with about `latency`
    /// seconds of buffer; throws with ALSA's reason, naming what could not be done.
    func openPCM(_ device: String, stream: snd_pcm_stream_t, mode: Int32, channels: Int, rate: Int, latency: Double) throws(ALSADeviceError) -> OpaquePointer {
        let direction = stream == SND_PCM_STREAM_PLAYBACK ? "output" : "capture"
        var handle: OpaquePointer?
        let openCode = open(&handle, device, stream, mode)
        guard openCode >= 0, let pcm = handle else {
            throw ALSADeviceError(device: device, operation: "cannot open the \(direction) device", code: openCode, alsa: self)
        }
        let configured = setParameters(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(channels), UInt32(rate), 1,
                                       UInt32(latency * 1_000_000))
        guard configured >= 0 else {
            _ = close(pcm)
            let verb = stream == SND_PCM_STREAM_PLAYBACK ? "play" : "capture"
            throw ALSADeviceError(device: device, operation: "cannot \(verb) 16-bit \(channels == 2 ? "stereo" : "\(channels) channels") at \(rate / 1000) kHz",
                                  code: configured, alsa: self)
        }
        return pcm
    }
}
