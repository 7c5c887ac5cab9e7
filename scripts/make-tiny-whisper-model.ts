/**
 * Writes a whisper.cpp model in the real ggml format with tiny dimensions and seeded random
 * weights: it loads and runs like any Whisper model, and recognises nothing. For tests and
 * benchmarks of the plumbing where no real model can be downloaded.
 *
 *   npx tsx scripts/make-tiny-whisper-model.ts [out.bin] [--seed N] [--state N --heads N --layers N] [--multilingual] [--silent]
 *
 * The same options always give the same bytes.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { seeded } from '../bench/analyzer-synthetic.js'
import {
  ENGLISH_VOCAB,
  expectedTensors,
  GGML_MAGIC,
  GGML_TYPE_F16,
  GGML_TYPE_F32,
  HPARAM_NAMES,
  type TensorSpec,
  type WhisperHparams,
} from '../adapters/speech/transcribe-whisper/ggml-format.js'

export interface TinyModelOptions {
  readonly seed?: number
  /** Width of encoder and decoder (they must match); default 32. */
  readonly state?: number
  readonly heads?: number
  /** Blocks in the encoder and in the decoder; default 1. (512 wide, 8 heads, 6 layers: the shape of base.) */
  readonly layers?: number
  /** 51865 tokens (99 languages, language detection) instead of English-only 51864. */
  readonly multilingual?: boolean
  /**
   * Make the decoder say end-of-text at once, so every window costs the encoder and one decoder
   * step: a fair stand-in for measuring encoder speed, where random text would cost whatever it costs.
   */
  readonly silent?: boolean
}

const N_MELS = 80
const N_FFT = 201 // bins of a 400-sample FFT at 16 kHz, as whisper.cpp computes its spectrogram
/** Tokens written to the file; whisper.cpp adds the special and timestamp tokens up to n_vocab itself. */
const N_TEXT_TOKENS = 50256
const EOT = 50256


const scratch = new Float32Array(1)
const scratchBits = new Uint32Array(scratch.buffer)
const f32ToF16 = (value: number): number => {
  scratch[0] = value
  const x = scratchBits[0]!
  const sign = (x >>> 16) & 0x8000
  const exp = ((x >>> 23) & 0xff) - 127 + 15
  const mant = x & 0x7fffff
  if (exp <= 0) return sign // small values flush to zero; the weights below never get there
  if (exp >= 31) return sign | 0x7c00
  return sign | (exp << 10) | (mant >>> 13)
}

/** Triangular filters on the mel scale, the shape (not the exact Slaney norm) of Whisper's. */
const melFilters = (): Float32Array => {
  const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700)
  const hz = (m: number) => 700 * (10 ** (m / 2595) - 1)
  const top = mel(8000)
  const edges = Array.from({ length: N_MELS + 2 }, (_, i) => hz((top * i) / (N_MELS + 1)))
  const out = new Float32Array(N_MELS * N_FFT)
  for (let m = 0; m < N_MELS; m++) {
    const [lo, mid, hi] = [edges[m]!, edges[m + 1]!, edges[m + 2]!]
    for (let k = 0; k < N_FFT; k++) {
      const f = (k * 8000) / (N_FFT - 1)
      const rise = (f - lo) / (mid - lo)
      const fall = (hi - f) / (hi - mid)
      out[m * N_FFT + k] = Math.max(0, Math.min(rise, fall)) * (2 / (hi - lo))
    }
  }
  return out
}

/** Byte-level tokens first (as GPT-2's vocabulary starts), then made-up word pieces. */
const tokenText = (i: number): Buffer =>
  i < 256 ? Buffer.from([i]) : Buffer.from(`${i % 7 === 0 ? ' ' : ''}${'aeiou'[i % 5]}${'bdklmnprst'[(i >> 3) % 10]}${'aeiou'[(i >> 5) % 5]}`)

export const tinyHparams = (options: TinyModelOptions = {}): WhisperHparams => {
  const state = options.state ?? 32
  const heads = options.heads ?? 2
  return {
    n_vocab: options.multilingual === true ? ENGLISH_VOCAB + 1 : ENGLISH_VOCAB,
    n_audio_ctx: 1500, // 30 s windows of 10 ms frames after the stride-2 convolution: whisper.cpp assumes it
    n_audio_state: state,
    n_audio_head: heads,
    n_audio_layer: options.layers ?? 1,
    n_text_ctx: 448,
    n_text_state: state,
    n_text_head: heads,
    n_text_layer: options.layers ?? 1,
    n_mels: N_MELS,
    ftype: 1, // mostly f16
  }
}

/** The model file's bytes. */
export const tinyWhisperModel = (options: TinyModelOptions = {}): Buffer => {
  const h = tinyHparams(options)
  const next = seeded(options.seed ?? 1)
  const chunks: Buffer[] = []
  const i32 = (...values: number[]) => {
    const b = Buffer.alloc(4 * values.length)
    values.forEach((v, i) => b.writeInt32LE(v, 4 * i))
    chunks.push(b)
  }

  const header = Buffer.alloc(4)
  header.writeUInt32LE(GGML_MAGIC)
  chunks.push(header)
  i32(...HPARAM_NAMES.map((k) => h[k]))

  i32(N_MELS, N_FFT)
  chunks.push(Buffer.from(melFilters().buffer))

  i32(N_TEXT_TOKENS)
  for (let i = 0; i < N_TEXT_TOKENS; i++) {
    const text = tokenText(i)
    const len = Buffer.alloc(4)
    len.writeUInt32LE(text.length)
    chunks.push(len, text)
  }

  // A unit vector the decoder always outputs when `silent`: its final layer norm forgets the
  // input and keeps only this bias, and the end-of-text token's embedding points along it.
  const direction = Array.from({ length: h.n_text_state }, () => next() * 2 - 1)
  const norm = Math.hypot(...direction)
  const silent = options.silent === true

  const fill = (spec: TensorSpec, set: (i: number, v: number) => void): void => {
    const n = spec.ne.reduce((p, d) => p * d, 1)
    const name = spec.name
    if (silent && name === 'decoder.ln.weight') return // zeros
    if (silent && name === 'decoder.ln.bias') return direction.forEach((v, i) => set(i, (v / norm) * 4))
    // Layer norms pass activations through unchanged; everything else is small noise, so
    // activations stay finite through the layers.
    if (/_ln\.weight$|ln_post\.weight$|decoder\.ln\.weight$/.test(name)) {
      for (let i = 0; i < n; i++) set(i, 1)
      return
    }
    const scale = /bias$/.test(name) ? 0.01 : 1 / Math.sqrt(spec.ne[0]!)
    for (let i = 0; i < n; i++) set(i, (next() * 2 - 1) * scale)
    if (silent && name === 'decoder.token_embedding.weight')
      direction.forEach((v, i) => set(EOT * h.n_text_state + i, (v / norm) * 8))
  }

  for (const spec of expectedTensors(h)) {
    const type = spec.kind === 'f32' ? GGML_TYPE_F32 : GGML_TYPE_F16
    const name = Buffer.from(spec.name)
    i32(spec.ne.length, name.length, type, ...spec.ne)
    chunks.push(name)
    const n = spec.ne.reduce((p, d) => p * d, 1)
    if (type === GGML_TYPE_F32) {
      const data = new Float32Array(n)
      fill(spec, (i, v) => (data[i] = v))
      chunks.push(Buffer.from(data.buffer))
    } else {
      const data = new Uint16Array(n)
      fill(spec, (i, v) => (data[i] = f32ToF16(v)))
      chunks.push(Buffer.from(data.buffer))
    }
  }
  return Buffer.concat(chunks)
}

export const writeTinyWhisperModel = (path: string, options: TinyModelOptions = {}): void => writeFileSync(path, tinyWhisperModel(options))

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2)
  const flag = (name: string) => {
    const i = args.indexOf(name)
    return i < 0 ? undefined : args.splice(i, 2)[1]
  }
  const seed = flag('--seed')
  const state = flag('--state')
  const heads = flag('--heads')
  const layers = flag('--layers')
  const multilingual = args.includes('--multilingual')
  const silent = args.includes('--silent')
  const out = resolve(args.find((a) => !a.startsWith('--')) ?? 'ggml-tiny-random.bin')
  const started = Date.now()
  writeTinyWhisperModel(out, {
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(state === undefined ? {} : { state: Number(state) }),
    ...(heads === undefined ? {} : { heads: Number(heads) }),
    ...(layers === undefined ? {} : { layers: Number(layers) }),
    multilingual,
    silent,
  })
  console.log(`wrote ${out} in ${Date.now() - started} ms`)
}
