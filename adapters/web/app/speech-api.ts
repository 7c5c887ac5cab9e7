/**
 * The speech-to-text engine and the server's model files (GET /server's `speechToText`,
 * GET/POST /server/models, PUT /server/models/{name}/content, DELETE /server/models/{name}),
 * under names the pages share.
 */
import { type Api, NotetakerApiError } from './api.js'
import { type Sending, sendFile } from './send-file.js'

// TEMPORARY until the routes are merged: the contract's shapes, replaced by the typed client's.
export interface SpeechToText {
  readonly engine: string
  readonly model: string | null
  readonly available: boolean
  readonly setupHint: string | null
  readonly accuracy: 'rough' | 'accurate' | null
  readonly description: string | null
  readonly canManageModels: boolean
}
export interface SpeechModel {
  readonly name: string
  readonly kind: 'whisper' | 'speaker-segmentation' | 'speaker-embedding'
  readonly bytes: number
  readonly multilingual: boolean
  readonly source: 'published' | 'operator'
  readonly description: string
  readonly state: 'absent' | 'downloading' | 'partial' | 'present' | 'unusable'
  readonly receivedBytes: number
  readonly problem: string | null
  readonly inUse: boolean
}
export interface SpeechModels {
  readonly speechToText: SpeechToText
  readonly models: ReadonlyArray<SpeechModel>
  readonly mirror: string
}

const raw = async <A>(api: Api, method: string, path: string, body?: unknown): Promise<A> => {
  void api
  const res = await fetch(`/ext/v1${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-csrf-token': csrfOf() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  const json = text === '' ? {} : (JSON.parse(text) as { data?: A; error?: { code: string; message: string } })
  if (!res.ok) throw new Error(json.error?.message ?? `The server answered ${res.status}`)
  return json.data as A
}
let csrf = ''
const csrfOf = () => csrf
export const setCsrf = (token: string) => {
  csrf = token
}
// END TEMPORARY

export const readSpeechToText = async (api: Api): Promise<SpeechToText> => (await api.request('get', '/server')).data.speechToText as unknown as SpeechToText

export const readSpeechModels = (api: Api): Promise<SpeechModels> => raw<SpeechModels>(api, 'GET', '/server/models')

/** Starts or resumes a download on the server; answers at once, the model `downloading` (or `present`). */
export const pullModel = (api: Api, name: string): Promise<SpeechModel> => raw<SpeechModel>(api, 'POST', '/server/models', { name })

export const removeModel = async (api: Api, name: string): Promise<void> => {
  await raw<unknown>(api, 'DELETE', `/server/models/${encodeURIComponent(name)}`)
}

/** A model file from this computer, with the transfer's progress; the server checks it before it keeps it. */
export const sendModelFile = (o: { name: string; file: File; csrfToken: string; onProgress: (sent: number, total: number) => void }): Sending<SpeechModel> =>
  sendFile<SpeechModel>({ path: `/server/models/${encodeURIComponent(o.name)}/content`, file: new Blob([o.file], { type: 'application/octet-stream' }), csrfToken: o.csrfToken, onProgress: o.onProgress })

/** The model to suggest for accurate transcripts: base.en (fast on a CPU, accurate in English) when the catalog has it, else the smallest Whisper model. */
export const suggestedModel = (models: ReadonlyArray<SpeechModel>): SpeechModel | undefined => {
  const whisper = models.filter((m) => m.kind === 'whisper')
  return whisper.find((m) => m.name === 'base.en') ?? [...whisper].sort((a, b) => a.bytes - b.bytes)[0]
}

/** 147_964_211 → "148 MB" (decimal megabytes, as the model catalogs say sizes); `decimals` for a download's progress. */
export const megabytes = (bytes: number, decimals = 0): string =>
  `${(bytes / 1_000_000).toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} MB`

/** The engine's name for a sentence ("this server uses PocketSphinx"). */
export const engineName = (s: SpeechToText): string => ENGINE_NAMES[s.engine] ?? s.description?.split(':')[0] ?? s.engine

const ENGINE_NAMES: Readonly<Record<string, string>> = {
  pocketsphinx: 'PocketSphinx',
  whisper: 'Whisper',
  openai: 'a speech-to-text service',
}

/** What a model is called on the page: "Whisper base.en", or a speaker model's own name. */
export const modelTitle = (m: Pick<SpeechModel, 'kind' | 'name'>): string => (m.kind === 'whisper' ? `Whisper ${m.name}` : m.name)

/** A 403 on the models list: not an administrator (the page then shows the engine only). */
export const isForbidden = (e: unknown): boolean => e instanceof NotetakerApiError && e.status === 403
