/**
 * The one test double of the SpeechModels port (the core's speech tests, the HTTP tests, the web app's
 * Chromium tests), honest about state:
 * - a pull makes the model `downloading`; it moves only when the test says: `advance` (bytes on disk),
 *   `finish` (checked, present), `stop` (part way: `partial`, and a pull resumes it), `refuse` (absent,
 *   with the reason as its problem). `settings.refusePulls` refuses every pull (no mirror);
 * - `add` reads the file it is given and judges it as `refusalOf` does (size, then SHA-256, against the
 *   model's `file`), refusing another file in words and keeping nothing; it remembers the paths it was
 *   given (`addedFrom`), so a test can see the caller deleted its temporary file;
 * - `remove` removes; `settings.brokenFolder` makes every call fail as an unreadable models folder would.
 * The Whisper model in use is the first present one in the catalog's order; the speaker models are in use
 * once one of each kind is present (separation needs both), as the live engine chooses.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { SpeechModelFailure, SpeechModelKind, SpeechModels, SpeechModelState, SpeechModelView } from '../../src/core/ports/speech-models.js'

/** A model of the double's catalog. */
export interface DoubleModel {
  readonly name: string
  /** Default `whisper`. */
  readonly kind?: SpeechModelKind
  /** The exact bytes a file added for it must have; absent, every file is refused (then `bytes` must be given). */
  readonly file?: Buffer
  /** The catalog's size; default the length of `file` (a test shows real sizes with a small file this way only when it never adds one). */
  readonly bytes?: number
  /** Default: not for a name ending `.en`. */
  readonly multilingual?: boolean
  /** Default `accurate` for Whisper, `tells voices apart` for a speaker model. */
  readonly description?: string
}

export interface SpeechModelsDouble {
  readonly port: SpeechModels
  readonly settings: { refusePulls: string | null; brokenFolder: string | null }
  /** The paths `add` was given, in order. */
  readonly addedFrom: ReadonlyArray<string>
  state(name: string): SpeechModelState
  /** A running download has `bytes` on disk now. */
  advance(name: string, bytes: number): void
  /** A running download ends, checked: the model is present. */
  finish(name: string): void
  /** A running download stops part way (the connection dropped): `partial`, resumable. */
  stop(name: string): void
  /** A running download ends refused (a checksum that does not match): `absent`, with `problem`. */
  refuse(name: string, problem: string): void
  /** Why `add` refuses `file` as the model `name`; null when it takes it. */
  refusalOf(name: string, file: Buffer): string | null
}

const failure = (kind: SpeechModelFailure['kind'], message: string): SpeechModelFailure => ({ _tag: 'SpeechModelFailure', kind, message })
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const sizeOf = (m: DoubleModel): number => {
  const bytes = m.bytes ?? m.file?.length
  if (bytes === undefined) throw new Error(`the test model ${m.name} needs a file or a size`)
  return bytes
}

export const speechModelsDouble = (catalog: ReadonlyArray<DoubleModel>): SpeechModelsDouble => {
  const states = new Map(catalog.map((m) => [m.name, { state: 'absent' as SpeechModelState, received: 0, problem: null as string | null }]))
  const addedFrom: string[] = []
  const settings = { refusePulls: null as string | null, brokenFolder: null as string | null }
  const at = (name: string) => {
    const s = states.get(name)
    if (s === undefined) throw new Error(`no model ${name} in the test catalog`)
    return s
  }
  const downloadOf = (name: string) => {
    const s = at(name)
    if (s.state !== 'downloading') throw new Error(`no download of ${name} runs (it is ${s.state})`)
    return s
  }
  const present = (kind: SpeechModelKind) => catalog.find((m) => (m.kind ?? 'whisper') === kind && at(m.name).state === 'present')
  const inUse = (m: DoubleModel): boolean => {
    const kind = m.kind ?? 'whisper'
    if (kind === 'whisper') return present('whisper') === m
    return present('speaker-segmentation') !== undefined && present('speaker-embedding') !== undefined && at(m.name).state === 'present'
  }
  const view = (m: DoubleModel): SpeechModelView => {
    const s = at(m.name)
    const kind = m.kind ?? 'whisper'
    return {
      name: m.name,
      kind,
      bytes: sizeOf(m),
      multilingual: m.multilingual ?? !m.name.endsWith('.en'),
      source: 'published',
      description: m.description ?? (kind === 'whisper' ? 'accurate' : 'tells voices apart'),
      state: s.state,
      receivedBytes: s.state === 'present' ? sizeOf(m) : s.received,
      problem: s.problem,
      inUse: inUse(m),
    }
  }
  const refusalOf = (name: string, got: Buffer): string | null => {
    const m = catalog.find((c) => c.name === name)
    if (m === undefined) return `No speech model is named ${name}`
    if (got.length !== sizeOf(m)) return `the file is ${got.length} bytes, and ${name} is ${sizeOf(m)}; nothing was added`
    if (m.file === undefined || sha256(got) !== sha256(m.file)) return `the file's SHA-256 is not ${name}'s: it is another file of the same size; nothing was added`
    return null
  }
  /** Runs `f` on the named model, or fails as the port does for a broken folder or an unknown name. */
  const withModel = <A>(name: string, f: (m: DoubleModel) => Promise<A> | A): TE.TaskEither<SpeechModelFailure, A> =>
    TE.tryCatch(
      async () => {
        if (settings.brokenFolder !== null) throw failure('unavailable', settings.brokenFolder)
        const m = catalog.find((c) => c.name === name)
        if (m === undefined) throw failure('unknown-model', `No speech model is named ${name}`)
        return await f(m)
      },
      (e) => e as SpeechModelFailure,
    )
  const port: SpeechModels = {
    list: () => (settings.brokenFolder !== null ? TE.left(failure('unavailable', settings.brokenFolder)) : TE.right(catalog.map(view))),
    pull: (name) =>
      withModel(name, (m) => {
        const s = at(name)
        if (s.state === 'present' || s.state === 'downloading') return view(m)
        if (settings.refusePulls !== null) throw failure('refused', settings.refusePulls)
        // A stopped download resumes from the bytes it has.
        Object.assign(s, { state: 'downloading', received: s.state === 'partial' ? s.received : 0, problem: null })
        return view(m)
      }),
    add: (name, path) =>
      withModel(name, async (m) => {
        addedFrom.push(path)
        const got = await readFile(path)
        const refused = refusalOf(name, got)
        if (refused !== null) throw failure('refused', refused)
        Object.assign(at(name), { state: 'present', received: got.length, problem: null })
        return view(m)
      }),
    remove: (name) =>
      withModel(name, () => {
        const s = at(name)
        const had = s.state !== 'absent'
        Object.assign(s, { state: 'absent', received: 0, problem: null })
        return had
      }),
  }
  return {
    port,
    settings,
    addedFrom,
    state: (name) => at(name).state,
    advance: (name, bytes) => void (downloadOf(name).received = bytes),
    finish: (name) => void Object.assign(downloadOf(name), { state: 'present', problem: null }),
    stop: (name) => void (downloadOf(name).state = 'partial'),
    refuse: (name, problem) => void Object.assign(downloadOf(name), { state: 'absent', received: 0, problem }),
    refusalOf,
  }
}
