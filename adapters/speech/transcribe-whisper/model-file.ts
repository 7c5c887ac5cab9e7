import { readSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { readModelFile } from '../models/read-model-file.js'
import {
  expectedTensors,
  GGML_MAGIC,
  GGML_TYPE_F16,
  GGML_TYPE_F32,
  GGML_TYPE_SIZES,
  HPARAM_NAMES,
  isMultilingual,
  modelSize,
  type WhisperHparams,
} from './ggml-format.js'

export interface WhisperModelInfo {
  readonly hparams: WhisperHparams
  readonly multilingual: boolean
  /** tiny, base, small, medium, large, or "custom (N layers)". */
  readonly size: string
  readonly bytes: number
}

/**
 * Reads a whisper.cpp model's header and walks its tensor table (without reading the weights)
 * to check it is whole: every tensor the loader expects, each with its shape, and nothing cut
 * off. whisper.cpp's own loader accepts a file cut inside its vocabulary or its last tensor and
 * runs on uninitialised memory, so this check comes first. Synchronous: reads a few kB.
 */
export const readWhisperModelInfo = (path: string): E.Either<string, WhisperModelInfo> => readModelFile(path, walk)

class Truncated extends Error {}

const WINDOW = 64 * 1024

/**
 * Reads a file through one 64 kB window: the vocabulary is some 51,000 small reads, which as
 * as many system calls took about 100 ms; through the window it takes a few.
 */
const windowedReader = (fd: number) => {
  let start = 0
  let window = Buffer.alloc(0)
  return {
    bytesAt(offset: number, n: number): Buffer {
      if (offset < start || offset + n > start + window.length) {
        window = Buffer.alloc(Math.max(n, WINDOW))
        window = window.subarray(0, readSync(fd, window, 0, window.length, offset))
        start = offset
      }
      return window.subarray(offset - start, offset - start + n)
    },
  }
}

const walk = (fd: number, bytes: number): E.Either<string, WhisperModelInfo> => {
  let offset = 0
  const file = windowedReader(fd)
  const read = (n: number): Buffer => {
    if (offset + n > bytes) throw new Truncated()
    const b = file.bytesAt(offset, n)
    offset += n
    return b
  }
  const i32 = () => read(4).readInt32LE()
  try {
    if (bytes < 4 || read(4).readUInt32LE() !== GGML_MAGIC) return E.left('it is not a whisper.cpp (ggml) model')
    const hparams = Object.fromEntries(HPARAM_NAMES.map((k) => [k, i32()])) as WhisperHparams
    const ftype = hparams.ftype % 1000 // the quantisation version is folded into the thousands
    if (hparams.n_vocab < 51864 || hparams.n_audio_state !== hparams.n_text_state || hparams.n_mels <= 0)
      return E.left('it is a ggml file, but not a Whisper model')
    const nMel = i32()
    const nFft = i32()
    if (nMel < 0 || nFft < 0) return E.left('its mel filters are damaged')
    offset += nMel * nFft * 4
    const nTokens = i32()
    if (nTokens < 0 || nTokens > hparams.n_vocab) return E.left('its vocabulary is damaged')
    for (let i = 0; i < nTokens; i++) {
      const length = read(4).readUInt32LE() // read first: `offset += read(…)` would add to the old offset
      offset += length
    }
    const wanted = new Map(expectedTensors(hparams).map((t) => [t.name, t]))
    while (offset < bytes) {
      const nDims = i32()
      const nameLength = i32()
      const type = i32()
      if (nDims < 1 || nDims > 4 || nameLength <= 0 || nameLength > 256) return E.left('its tensor table is damaged')
      const ne = Array.from({ length: nDims }, i32)
      const name = read(nameLength).toString('utf8')
      const spec = wanted.get(name)
      if (spec === undefined) return E.left(`it has a tensor whisper.cpp does not know (${name})`)
      if (spec.ne.length !== ne.length || spec.ne.some((d, i) => d !== ne[i])) return E.left(`its tensor ${name} has the wrong shape`)
      const size = GGML_TYPE_SIZES[type]
      if (size === undefined || (spec.kind === 'f32' && type !== GGML_TYPE_F32)) return E.left(`its tensor ${name} has an unknown type (${type})`)
      if (spec.kind === 'conv' && type !== GGML_TYPE_F16 && type !== GGML_TYPE_F32) return E.left(`its tensor ${name} has an unknown type (${type})`)
      const elements = ne.reduce((p, d) => p * d, 1)
      offset += (elements / size.block) * size.bytes
      if (offset > bytes) throw new Truncated()
      wanted.delete(name)
    }
    if (wanted.size > 0) return E.left(`it is incomplete (${wanted.size} tensors missing)`)
    return E.right({ hparams: { ...hparams, ftype }, multilingual: isMultilingual(hparams), size: modelSize(hparams), bytes })
  } catch (e) {
    if (e instanceof Truncated) return E.left('it is incomplete (the file was cut short)')
    throw e
  }
}
