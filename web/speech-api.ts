/**
 * The speech-to-text engine and the server's model files (GET /server's `speechToText`,
 * GET/POST /server/models, PUT /server/models/{name}/content, DELETE /server/models/{name}),
 * under names the pages share.
 */
import type { Api, GetData } from './api.js'
import { type Sending, sendFile } from './send-file.js'

export type SpeechToText = GetData<'/server'>['speechToText']
export type SpeechModels = GetData<'/server/models'>
export type SpeechModel = SpeechModels['models'][number]

export const readSpeechToText = async (api: Api): Promise<SpeechToText> => (await api.request('get', '/server')).data.speechToText

/** Only for server administrators (403 for anyone else). */
export const readSpeechModels = async (api: Api): Promise<SpeechModels> => (await api.request('get', '/server/models')).data

/** Starts or resumes a download on the server; answers at once, the model `downloading` (or `present`). */
export const pullModel = async (api: Api, name: string): Promise<SpeechModel> => (await api.request('post', '/server/models', { body: { name } })).data

export const removeModel = async (api: Api, name: string): Promise<void> => {
  await api.request('delete', '/server/models/{name}', { path: { name } })
}

/** A model file from this computer, with the transfer's progress; the server checks it before it keeps it. */
export const sendModelFile = (o: { name: string; file: File; csrfToken: string; onProgress: (sent: number, total: number) => void }): Sending<SpeechModel> =>
  sendFile<SpeechModel>({ path: `/server/models/${encodeURIComponent(o.name)}/content`, file: new Blob([o.file], { type: 'application/octet-stream' }), csrfToken: o.csrfToken, onProgress: o.onProgress })

/** The model to suggest for accurate transcripts: base.en (fast on a CPU, accurate in English) when the catalog has it, else the smallest Whisper model. */
export const suggestedModel = (models: ReadonlyArray<SpeechModel>): SpeechModel | undefined => {
  const whisper = models.filter((m) => m.kind === 'whisper')
  return whisper.find((m) => m.name === 'base.en') ?? [...whisper].sort((a, b) => a.bytes - b.bytes)[0]
}

/** 147_964_211 → "148 MB", 5_905_440 → "5.9 MB" (decimal megabytes, as the model catalogs say sizes); `decimals` for a download's progress. */
export const megabytes = (bytes: number, decimals: number = bytes < 10_000_000 ? 1 : 0): string =>
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
