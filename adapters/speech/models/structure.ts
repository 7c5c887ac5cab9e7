/**
 * Whether a file is laid out as the engine that loads it expects (a whole whisper.cpp model, a
 * whole ONNX model), read from its header and tables without the weights: a few kB however large
 * the file. The check between the size (free) and the SHA-256 (a read of the whole file), so a
 * file that is not the model is named for what it is before anything is hashed.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { expectedTensors, GGML_MAGIC, HPARAM_NAMES, isMultilingual, modelSize, type WhisperHparams } from '../transcribe-whisper/ggml-format.js'
import { readWhisperModelInfo } from '../transcribe-whisper/index.js'
import { kindOf, type ModelEntry } from './catalog.js'
import { isOnnxFile, readOnnxInfo } from './onnx-file.js'

/** The hyperparameters at the head of a ggml file, or null when it does not start like one. */
const readHparams = (path: string): WhisperHparams | null => {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const head = Buffer.alloc(4 + HPARAM_NAMES.length * 4)
    if (readSync(fd, head, 0, head.length, 0) < head.length || head.readUInt32LE(0) !== GGML_MAGIC) return null
    return Object.fromEntries(HPARAM_NAMES.map((k, i) => [k, head.readInt32LE(4 + i * 4)])) as WhisperHparams
  } finally {
    closeSync(fd)
  }
}

/** "a base English Whisper model", "a tiny multilingual Whisper model", from the file's own header. */
const whatItIs = (h: WhisperHparams) => `a ${modelSize(h)} ${isMultilingual(h) ? 'multilingual' : 'English'} Whisper model`

/**
 * What a Whisper file is when whisper.cpp could not load it: a model without its weights (the
 * header, mel filters and vocabulary only, as whisper.cpp's `for-tests-ggml-*.bin`), a model with
 * some missing, or the loader's own reason. Phrased to follow the file's name: "is a base English …".
 */
const whisperProblem = (path: string): Problem | null => {
  const info = readWhisperModelInfo(path)
  if (E.isRight(info)) return null
  const h = readHparams(path)
  const missing = /\((\d+) tensors missing\)/.exec(info.left)
  if (h !== null && missing !== null) {
    const n = Number(missing[1])
    return n === expectedTensors(h).length
      ? { is: `${whatItIs(h)} with no weights (only whisper.cpp's header and vocabulary, as in its test files)` }
      : { is: `${whatItIs(h)}, but incomplete (${n} tensors missing)` }
  }
  return { reason: info.left }
}

/**
 * Why a file is not usable as a model: `is` names what it is instead ("a base English Whisper
 * model with no weights …"), `reason` says what is wrong ("it is not a whisper.cpp (ggml) model").
 */
export type Problem = { readonly is: string } | { readonly reason: string }

/** The problem as words after a subject: "ggml-base.en.bin is a base English …" or "… is not base.en: it is cut short". */
export const sentence = (subject: string, entry: ModelEntry, p: Problem): string =>
  'is' in p ? `${subject} is ${p.is}` : `${subject} is not ${entry.name}: ${p.reason}`

/** The problem as a reason on its own ("it is a base English Whisper model with no weights …"). */
export const reasonOf = (p: Problem): string => ('is' in p ? `it is ${p.is}` : p.reason)

/** What is wrong with the layout of the file at `path` as the model `entry`; null when the engine can read it. */
export const structureProblem = (path: string, entry: ModelEntry): Problem | null => {
  if (kindOf(entry) === 'whisper') return whisperProblem(path)
  if (!isOnnxFile(entry.file)) return null
  const info = readOnnxInfo(path)
  return info._tag === 'Left' ? { reason: info.left } : null
}
