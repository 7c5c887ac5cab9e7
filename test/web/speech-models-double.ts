/**
 * A SpeechModels port the web tests drive: it keeps each model's state; a pull goes `downloading` and
 * moves only when the test calls `advance` and `finish`; an added file is read and compared with the
 * model's expected bytes (`file`), refused with `refusal(name)` when it differs; remove removes.
 * (test/support's stand-in has no download progress to show, and sizes tied to its files' bytes.)
 */
import { readFile } from 'node:fs/promises'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { SpeechModelFailure, SpeechModels, SpeechModelState, SpeechModelView } from '../../src/core/ports/speech-models.js'

export interface CatalogEntry {
  readonly name: string
  readonly kind: SpeechModelView['kind']
  readonly bytes: number
  readonly multilingual: boolean
  readonly description: string
  /** The bytes a file added for it must have (then `bytes` is their length); absent: every file is refused. */
  readonly file?: Buffer
}

export interface SpeechModelsDouble {
  readonly port: SpeechModels
  state(name: string): SpeechModelState
  /** A running download has `bytes` on disk now. */
  advance(name: string, bytes: number): void
  /** A running download ends, checked: the model is present. */
  finish(name: string): void
  /** A running download stops part way (the connection dropped): `partial`, resumable. */
  stop(name: string): void
  /** A running download ends refused (a checksum that does not match): `absent`, with `problem`. */
  refuse(name: string, problem: string): void
  /** What an added file for `name` is refused with. */
  refusal(name: string): string
}

export const speechModelsDouble = (catalog: ReadonlyArray<CatalogEntry>): SpeechModelsDouble => {
  const states = new Map<string, { state: SpeechModelState; received: number; problem: string | null }>(catalog.map((m) => [m.name, { state: 'absent', received: 0, problem: null }]))
  const at = (name: string) => {
    const s = states.get(name)
    if (s === undefined) throw new Error(`no model ${name} in the test catalog`)
    return s
  }
  const view = (m: CatalogEntry): SpeechModelView => {
    const s = at(m.name)
    const { file: _file, ...entry } = m
    return { ...entry, source: 'published', state: s.state, receivedBytes: s.received, problem: s.problem, inUse: s.state === 'present' && m.name === 'base.en' }
  }
  const find = (name: string): TE.TaskEither<SpeechModelFailure, CatalogEntry> => {
    const m = catalog.find((c) => c.name === name)
    return m === undefined ? TE.left({ _tag: 'SpeechModelFailure', kind: 'unknown-model', message: `No speech model is named ${name}` }) : TE.right(m)
  }
  const refusal = (name: string) => `ggml-${name}.bin is not a Whisper model (its first bytes are not ggml's); nothing was added`
  return {
    port: {
      list: () => TE.right(catalog.map(view)),
      pull: (name) =>
        TE.map((m: CatalogEntry) => {
          const s = at(name)
          if (s.state !== 'present') Object.assign(s, { state: 'downloading', problem: null })
          return view(m)
        })(find(name)),
      add: (name, path) =>
        TE.flatMap((m: CatalogEntry) =>
          TE.tryCatch(
            async () => {
              const got = await readFile(path)
              if (m.file === undefined || !got.equals(m.file)) throw new Error(refusal(name))
              Object.assign(at(name), { state: 'present', received: got.length, problem: null })
              return view(m)
            },
            (e): SpeechModelFailure => ({ _tag: 'SpeechModelFailure', kind: 'refused', message: e instanceof Error ? e.message : String(e) }),
          ),
        )(find(name)),
      remove: (name) =>
        TE.map(() => {
          const s = at(name)
          const had = s.state !== 'absent'
          Object.assign(s, { state: 'absent', received: 0, problem: null })
          return had
        })(find(name)),
    },
    state: (name) => at(name).state,
    advance: (name, bytes) => {
      at(name).received = bytes
    },
    finish: (name) => {
      const m = catalog.find((c) => c.name === name)
      Object.assign(at(name), { state: 'present', received: m?.bytes ?? 0 })
    },
    stop: (name) => {
      at(name).state = 'partial'
    },
    refuse: (name, problem) => {
      Object.assign(at(name), { state: 'absent', received: 0, problem })
    },
    refusal,
  }
}
