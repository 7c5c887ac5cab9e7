/**
 * The server's model files as the SpeechModels port (src/core/ports/speech-models.ts): listed with
 * their state, downloaded in the background from the configured mirror (one download per model at
 * a time, resumable), added from a file, removed. Every file passes the full check (size, layout,
 * SHA-256) before it gets its name, and after each change the speech engine is told at once
 * (`refresh`) instead of at its next look at the folder.
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import type { SpeechModelFailure, SpeechModels, SpeechModelView } from '../../../src/core/ports/speech-models.js'
import { findModel, kindOf, type ModelEntry } from './catalog.js'
import { modelDescription } from './describe.js'
import { MirrorUnreachable, type Progress, pullModel, sourceUrl } from './download.js'
import { addFromFile, cachedQuickProblem, ModelError, modelPath, partPath, removeModel, sizeOf } from './store.js'

export interface ModelServiceOptions {
  readonly dataDir: string
  readonly catalog: ReadonlyArray<ModelEntry>
  /** NOTETAKER_MODELS_URL: where Whisper models download from. */
  readonly mirror: string
  /** Chooses the engine again after a change (the live engine's refresh). */
  readonly refresh: (reason: string) => Promise<unknown>
  /** The model files the engines read now. */
  readonly filesInUse: () => ReadonlyArray<string>
  readonly logger?: Logger
  /** Plain http to a mirror that is not this machine. */
  readonly allowHttp?: boolean
}

export interface ModelService extends SpeechModels {
  /** Stops the downloads (their parts are kept, to resume) and waits for them to stop. */
  close(): Promise<void>
}

interface Download {
  readonly stop: AbortController
  received: number
  readonly done: Promise<void>
}

const failure = (kind: SpeechModelFailure['kind'], message: string): SpeechModelFailure => ({ _tag: 'SpeechModelFailure', kind, message })


/** An error of the models folder (permissions, a full disk) as `unavailable`; a refusal in words as `refused`. */
const asFailure = (e: unknown): SpeechModelFailure =>
  e instanceof ModelError ? failure('refused', e.message) : failure('unavailable', `the models folder cannot be used: ${(e as Error).message}`)

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`

export const createModelService = (o: ModelServiceOptions): ModelService => {
  const downloads = new Map<string, Download>()
  /** The last download or file refused per model, until the next attempt. */
  const problems = new Map<string, string>()
  const log = o.logger

  const view = (entry: ModelEntry): SpeechModelView => {
    const path = modelPath(o.dataDir, entry)
    const base = {
      name: entry.name,
      kind: kindOf(entry),
      bytes: entry.bytes,
      multilingual: entry.multilingual,
      source: entry.source,
      description: modelDescription(entry),
      inUse: o.filesInUse().includes(path),
    }
    const running = downloads.get(entry.name)
    if (running !== undefined) return { ...base, state: 'downloading', receivedBytes: running.received, problem: null }
    const whole = sizeOf(path)
    if (whole !== null) {
      const problem = cachedQuickProblem(path, entry)
      return { ...base, state: problem === null ? 'present' : 'unusable', receivedBytes: whole, problem }
    }
    const part = sizeOf(partPath(o.dataDir, entry))
    const problem = problems.get(entry.name) ?? null
    return part === null ? { ...base, state: 'absent', receivedBytes: 0, problem } : { ...base, state: 'partial', receivedBytes: part, problem }
  }

  const named = (name: string): TE.TaskEither<SpeechModelFailure, ModelEntry> => {
    const entry = findModel(o.catalog, name)
    return entry === undefined ? TE.left(failure('unknown-model', `no model is named '${name}'`)) : TE.right(entry)
  }

  const refresh = (reason: string) =>
    o.refresh(reason).catch((e: unknown) => log?.warn({ err: e }, `speech models: the engine could not follow (${(e as Error).message}); it does at its next look at the folder`))

  const download = (entry: ModelEntry): Download => {
    const stop = new AbortController()
    const d: Download = {
      stop,
      received: sizeOf(partPath(o.dataDir, entry)) ?? 0,
      done: pullModel({
        entry,
        dataDir: o.dataDir,
        baseUrl: o.mirror,
        signal: stop.signal,
        ...(o.allowHttp === undefined ? {} : { allowHttp: o.allowHttp }),
        onProgress: (p: Progress) => (d.received = p.received),
        onNote: (note) => log?.info({ model: entry.name }, `speech models: ${note}`),
      }).then(
        async (r) => {
          downloads.delete(entry.name)
          log?.info({ model: entry.name }, r.alreadyPresent ? `speech models: ${entry.name} is already here and verified` : `speech models: ${entry.name} downloaded (${mb(entry.bytes)}, checked: size, layout and SHA-256)`)
          await refresh(`${entry.name} was downloaded`)
        },
        (e: unknown) => {
          downloads.delete(entry.name)
          if (stop.signal.aborted) return
          const message =
            e instanceof MirrorUnreachable
              ? `${e.message}; check NOTETAKER_MODELS_URL, or bring ${entry.file} here by other means and add it as a file`
              : e instanceof ModelError
                ? e.message
                : `the download failed: ${(e as Error).message}`
          problems.set(entry.name, message)
          log?.warn({ model: entry.name }, `speech models: ${entry.name} was not downloaded: ${message}`)
        },
      ),
    }
    return d
  }

  return {
    list: () => TE.tryCatch(async () => o.catalog.map(view), asFailure),

    pull: (name) =>
      TE.flatMap(named(name), (entry) =>
        TE.tryCatch(
          async () => {
            if (downloads.has(entry.name)) return view(entry)
            const here = view(entry)
            if (here.state === 'present') return here
            if (here.state === 'unusable') throw new ModelError(`the ${entry.file} here cannot be used (${here.problem ?? ''}); remove it first`)
            // A mirror that is no address, or plain http, is refused now rather than as a failed download.
            sourceUrl(o.mirror, entry, o.allowHttp === true)
            problems.delete(entry.name)
            downloads.set(entry.name, download(entry))
            log?.info({ model: entry.name }, `speech models: downloading ${entry.name} (${mb(entry.bytes)}) from ${entry.url ?? o.mirror}`)
            return view(entry)
          },
          asFailure,
        ),
      ),

    add: (name, path) =>
      TE.flatMap(named(name), (entry) =>
        TE.tryCatch(
          async () => {
            if (downloads.has(entry.name)) throw new ModelError(`${entry.name} is being downloaded now; wait for it, or remove it first`)
            try {
              await addFromFile(path, o.dataDir, entry, entry.file)
            } catch (e) {
              if (e instanceof ModelError) problems.set(entry.name, e.message)
              throw e
            }
            problems.delete(entry.name)
            log?.info({ model: entry.name }, `speech models: ${entry.name} added from a file (checked: size, layout and SHA-256)`)
            await refresh(`${entry.name} was added`)
            return view(entry)
          },
          asFailure,
        ),
      ),

    remove: (name) =>
      TE.flatMap(named(name), (entry) =>
        TE.tryCatch(
          async () => {
            const running = downloads.get(entry.name)
            if (running !== undefined) {
              running.stop.abort()
              await running.done
            }
            problems.delete(entry.name)
            const removed = removeModel(o.dataDir, entry)
            if (removed) {
              log?.info({ model: entry.name }, `speech models: ${entry.name} removed`)
              await refresh(`${entry.name} was removed`)
            }
            return removed
          },
          asFailure,
        ),
      ),

    close: async () => {
      const running = [...downloads.values()]
      for (const d of running) d.stop.abort()
      await Promise.all(running.map((d) => d.done))
    },
  }
}
