import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { SpeechModelFailure, SpeechModels, SpeechModelView } from '../../src/core/ports/speech-models.js'

/** A model of the stand-in's catalog: its name and the exact bytes its file must have. */
export interface StandInModel {
  readonly name: string
  readonly file: Buffer
  readonly kind?: SpeechModelView['kind']
}

const failure = (kind: SpeechModelFailure['kind'], message: string): SpeechModelFailure => ({ _tag: 'SpeechModelFailure', kind, message })
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/**
 * A stand-in of the SpeechModels port for the HTTP tests, honest about state: a pull makes the model
 * `downloading` until the test finishes that download (`finishDownload`); `add` reads the file it is
 * given and compares it with the model's expected bytes (size, then SHA-256), refusing another file in
 * words; `remove` removes. `refusePulls` makes every pull refused (no mirror), `brokenFolder` every call
 * fail as an unreadable models folder would. It remembers the paths `add` was given, so a test can see
 * the caller deleted its temporary file.
 */
export const standInSpeechModels = (catalog: ReadonlyArray<StandInModel>) => {
  const present = new Set<string>()
  const downloading = new Set<string>()
  const addedFrom: string[] = []
  const settings = { refusePulls: null as string | null, brokenFolder: null as string | null }
  const entry = (name: string) => catalog.find((m) => m.name === name)
  const view = (m: StandInModel, problem: string | null = null): SpeechModelView => {
    const here = present.has(m.name)
    return {
      name: m.name,
      kind: m.kind ?? 'whisper',
      bytes: m.file.length,
      multilingual: !m.name.endsWith('.en'),
      source: 'published',
      description: m.kind === undefined || m.kind === 'whisper' ? 'accurate' : 'tells voices apart',
      state: here ? 'present' : downloading.has(m.name) ? 'downloading' : 'absent',
      receivedBytes: here ? m.file.length : 0,
      problem,
      inUse: false,
    }
  }
  /** Runs `f` on the named model, or fails as the port does for an unknown name or a broken folder. */
  const withModel = <A>(name: string, f: (m: StandInModel) => Promise<A> | A): TE.TaskEither<SpeechModelFailure, A> =>
    TE.tryCatch(
      async () => {
        if (settings.brokenFolder !== null) throw failure('unavailable', settings.brokenFolder)
        const m = entry(name)
        if (m === undefined) throw failure('unknown-model', `No speech model is named ${name}`)
        return await f(m)
      },
      (e) => e as SpeechModelFailure,
    )
  const port: SpeechModels = {
    list: () =>
      settings.brokenFolder !== null ? TE.left(failure('unavailable', settings.brokenFolder)) : TE.right(catalog.map((m) => view(m))),
    pull: (name) =>
      withModel(name, (m) => {
        if (present.has(name)) return view(m)
        if (settings.refusePulls !== null) throw failure('refused', settings.refusePulls)
        downloading.add(name)
        return view(m)
      }),
    add: (name, path) =>
      withModel(name, async (m) => {
        addedFrom.push(path)
        const got = await readFile(path)
        if (got.length !== m.file.length) throw failure('refused', `the file is ${got.length} bytes, and ${name} is ${m.file.length}; nothing was added`)
        if (sha256(got) !== sha256(m.file)) throw failure('refused', `the file's SHA-256 is not ${name}'s: it is another file of the same size; nothing was added`)
        downloading.delete(name)
        present.add(name)
        return view(m)
      }),
    remove: (name) =>
      withModel(name, (m) => {
        const had = present.has(m.name) || downloading.has(m.name)
        present.delete(m.name)
        downloading.delete(m.name)
        return had
      }),
  }
  return {
    port,
    settings,
    addedFrom,
    /** The download of `name` completes: the model is present. */
    finishDownload: (name: string) => {
      if (!downloading.delete(name)) throw new Error(`no download of ${name} runs`)
      present.add(name)
    },
  }
}
