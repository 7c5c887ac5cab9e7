/**
 * Runs inside the meeting page (as an init script, before the platform's own
 * code): collects every remote audio track the page receives over WebRTC,
 * mixes them into one stream with WebAudio and, once asked, records that stream
 * with MediaRecorder in short chunks handed to Node through a binding.
 *
 * Self-contained on purpose: it is serialised with pageScript() and must not
 * reference anything outside its own body.
 */
export interface CaptureHookConfig {
  /** Global the hook publishes its controls under. */
  readonly globalName: string
  /** Binding exposed by Node: (seq: number, base64: string) => Promise<void>. */
  readonly audioBinding: string
  readonly mimeType: string
  readonly audioBitsPerSecond: number
}

/** What the hook publishes on window[globalName]. */
export interface CaptureControls {
  /** Starts recording; returns the page's epoch ms at the start (the zero of every offset). */
  start(timesliceMs: number): number
  /** Stops recording; resolves once every chunk was handed to Node, with the number of chunks. */
  stop(): Promise<number>
  stats(): { tracks: number; liveTracks: number; recording: boolean; chunks: number; bytes: number }
}

export function installCaptureHook(cfg: CaptureHookConfig): void {
  const w = window as unknown as Record<string, unknown>
  // Only the top document records; frames would otherwise start recorders of their own.
  if (window !== window.top || w[cfg.globalName] !== undefined) return
  const Original = window.RTCPeerConnection
  if (typeof Original !== 'function') return

  let graph: { ctx: AudioContext; mix: GainNode; dest: MediaStreamAudioDestinationNode } | null = null
  const ensureGraph = (): { ctx: AudioContext; mix: GainNode; dest: MediaStreamAudioDestinationNode } => {
    if (graph === null) {
      const ctx = new AudioContext({ sampleRate: 48000 })
      const dest = ctx.createMediaStreamDestination()
      dest.channelCount = 1 // speech: mono halves the size at no loss
      const mix = ctx.createGain()
      mix.connect(dest)
      graph = { ctx, mix, dest }
    }
    return graph
  }

  const seen = new Set<string>()
  const players: HTMLAudioElement[] = []
  let tracks = 0
  let liveTracks = 0
  const addTrack = (track: MediaStreamTrack): void => {
    if (track.kind !== 'audio' || seen.has(track.id)) return
    seen.add(track.id)
    tracks++
    liveTracks++
    const stream = new MediaStream([track])
    // Chromium only pulls remote WebRTC audio into WebAudio while a media element
    // plays the stream; the element is muted, so nothing is heard twice.
    const player = new Audio()
    player.muted = true
    player.srcObject = stream
    void player.play().catch(() => undefined)
    players.push(player)
    const g = ensureGraph()
    const source = g.ctx.createMediaStreamSource(stream)
    source.connect(g.mix)
    track.addEventListener('ended', () => {
      liveTracks--
      source.disconnect()
      player.srcObject = null
    })
  }

  class HookedPeerConnection extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args)
      this.addEventListener('track', (ev) => addTrack(ev.track))
    }
  }
  ;(window as unknown as { RTCPeerConnection: unknown }).RTCPeerConnection = HookedPeerConnection
  w['webkitRTCPeerConnection'] = HookedPeerConnection

  const toBase64 = (bytes: Uint8Array): string => {
    let s = ''
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(s)
  }

  let recorder: MediaRecorder | null = null
  let chain: Promise<unknown> = Promise.resolve()
  let chunks = 0
  let bytes = 0
  const controls: CaptureControls = {
    start: (timesliceMs) => {
      const g = ensureGraph()
      void g.ctx.resume()
      const rec = new MediaRecorder(g.dest.stream, { mimeType: cfg.mimeType, audioBitsPerSecond: cfg.audioBitsPerSecond })
      rec.ondataavailable = (ev) => {
        if (ev.data.size === 0) return
        const seq = chunks++
        // Serialised: chunks must reach Node in order, and arrayBuffer() is async.
        chain = chain
          .then(async () => {
            const data = new Uint8Array(await ev.data.arrayBuffer())
            bytes += data.length
            const send = w[cfg.audioBinding] as (seq: number, b64: string) => Promise<void>
            await send(seq, toBase64(data))
          })
          .catch(() => undefined)
      }
      rec.start(timesliceMs)
      recorder = rec
      return Date.now()
    },
    stop: () =>
      new Promise<number>((resolve) => {
        const rec = recorder
        if (rec === null || rec.state === 'inactive') {
          void chain.then(() => resolve(chunks))
          return
        }
        // 'stop' fires after the last 'dataavailable', so the chain then holds every chunk.
        rec.addEventListener('stop', () => void chain.then(() => resolve(chunks)), { once: true })
        rec.stop()
      }),
    stats: () => ({ tracks, liveTracks, recording: recorder?.state === 'recording', chunks, bytes }),
  }
  w[cfg.globalName] = controls
}
