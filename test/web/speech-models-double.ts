/**
 * A SpeechModels port the web tests drive: it keeps each model's state; a pull goes `downloading` and
 * moves only when the test calls `advance` and `finish`; an added file is refused (its bytes are
 * never the model) with `refusal(name)`; remove removes.
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { SpeechModelFailure, SpeechModels, SpeechModelState, SpeechModelView } from '../../src/core/ports/speech-models.js'

export interface CatalogEntry {
  readonly name: string
  readonly kind: SpeechModelView['kind']
  readonly bytes: number
  readonly multilingual: boolean
  readonly description: string
}

export interface SpeechModelsDouble {
  readonly port: SpeechModels
  state(name: string): SpeechModelState
  /** A running download has `bytes` on disk now. */
  advance(name: string, bytes: number): void
  /** A running download ends, checked: the model is present. */
  finish(name: string): void
  /** What an added file for `name` is refused with. */
  refusal(name: string): string
}

export const speechModelsDouble = (catalog: ReadonlyArray<CatalogEntry>): SpeechModelsDouble => {
  const states = new Map<string, { state: SpeechModelState; received: number }>(catalog.map((m) => [m.name, { state: 'absent', received: 0 }]))
  const at = (name: string) => {
    const s = states.get(name)
    if (s === undefined) throw new Error(`no model ${name} in the test catalog`)
    return s
  }
  const view = (m: CatalogEntry): SpeechModelView => {
    const s = at(m.name)
    return { ...m, source: 'published', state: s.state, receivedBytes: s.received, problem: null, inUse: s.state === 'present' && m.name === 'base.en' }
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
          if (s.state !== 'present') s.state = 'downloading'
          return view(m)
        })(find(name)),
      add: (name) => TE.flatMap(() => TE.left<SpeechModelFailure, SpeechModelView>({ _tag: 'SpeechModelFailure', kind: 'refused', message: refusal(name) }))(find(name)),
      remove: (name) =>
        TE.map(() => {
          const s = at(name)
          const had = s.state !== 'absent'
          s.state = 'absent'
          s.received = 0
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
    refusal,
  }
}
