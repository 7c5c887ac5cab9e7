import { openAsBlob } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../../src/core/ports/transcriber.js'
import { type DecodedWav, formatLimit, withWav16kMono } from '../audio/index.js'
import { languageCodeOf, requestedLanguage } from './language.js'
import { decodeAnswer, toUtterances } from './response.js'

export interface OpenAiTranscriberOptions {
  /** Server root such as `http://127.0.0.1:8000`; a trailing `/v1` is accepted too. */
  readonly baseUrl: string
  /** Sent as a bearer token when set; local servers often need none. */
  readonly apiKey?: string
  /** e.g. `whisper-1`, or the model name a local server (faster-whisper, whisper.cpp) expects. */
  readonly model: string
  /** Whole request, upload and answer included. Default 10 minutes. */
  readonly timeoutMs?: number
  /** ISO-639-1 code of the spoken language when an upload names none; the server detects it when unset. */
  readonly language?: string
  readonly ffmpegPath?: string
}

const fail = (message: string): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message })

const endpointOf = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`

const snippet = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat
}

/** OpenAI-style error bodies carry `{ error: { message } }`; anything else is quoted briefly. */
const serverMessage = (body: string): string => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string }
    const m = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message
    if (typeof m === 'string') return snippet(m)
  } catch {
    // not JSON: fall through to the raw text
  }
  return snippet(body)
}

const describeStatus = (status: number, body: string): string => {
  const said = serverMessage(body)
  const detail = said === '' ? '' : `: ${said}`
  if (status === 401 || status === 403)
    return `the transcription service refused the request (HTTP ${status}); check the API key (NOTETAKER_TRANSCRIBER_KEY)${detail}`
  if (status === 404) return `the transcription service has no /v1/audio/transcriptions endpoint (HTTP 404); check the URL${detail}`
  return `the transcription service failed (HTTP ${status})${detail}`
}

const describeFetchError = (e: unknown, url: string, timeoutMs: number): string => {
  const error = e as Error & { cause?: { code?: string; message?: string } }
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return `the transcription service at ${url} did not answer within ${formatLimit(timeoutMs)}`
  return `could not reach the transcription service at ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`
}

/**
 * Speech to text through any server that speaks OpenAI's `POST /v1/audio/transcriptions`
 * (OpenAI, faster-whisper-server, LocalAI, whisper.cpp's server...). Audio is decoded to
 * 16 kHz mono WAV first, which every such server reads and which keeps uploads predictable.
 */
export const createOpenAiTranscriber = (options: OpenAiTranscriberOptions): Transcriber => {
  const url = endpointOf(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? 10 * 60 * 1000

  const post = (wav: DecodedWav, language: string | undefined): TE.TaskEither<TranscriptionFailure, { status: number; body: string }> =>
    TE.tryCatch(
      async () => {
        const form = new FormData()
        form.append('file', await openAsBlob(wav.path, { type: 'audio/wav' }), 'audio.wav')
        form.append('model', options.model)
        form.append('response_format', 'verbose_json')
        form.append('timestamp_granularities[]', 'segment')
        if (language !== undefined) form.append('language', language)
        const signal = AbortSignal.timeout(timeoutMs)
        const headers: Record<string, string> = { accept: 'application/json' }
        if (options.apiKey !== undefined && options.apiKey !== '') headers.authorization = `Bearer ${options.apiKey}`
        const response = await fetch(url, { method: 'POST', body: form, headers, signal })
        return { status: response.status, body: await response.text() }
      },
      (e) => fail(describeFetchError(e, url, timeoutMs)),
    )

  return {
    name: 'openai',
    available: true,
    // Whisper-class servers know about a hundred languages; one that does not know the asked one says so.
    languages: 'any',
    // The server answers once, with the whole transcript: no progress to report until then.
    transcribe: ({ path, defaultSpeaker, language: asked }) => {
      const language = requestedLanguage(asked, options.language)
      return withWav16kMono(
        path,
        (f) => fail(f.message),
        (wav) =>
          pipe(
            post(wav, language),
            TE.flatMapEither(({ status, body }) => {
              if (status < 200 || status > 299) return E.left(fail(describeStatus(status, body)))
              return pipe(
                E.tryCatch(
                  () => JSON.parse(body) as unknown,
                  () => fail(`the transcription service answered with something that is not JSON: ${snippet(body) || '(empty)'}`),
                ),
                E.flatMap((json) => pipe(decodeAnswer(json), E.mapLeft((why) => fail(`the transcription service's answer is not usable: ${why}`)))),
                E.map((answer) => {
                  // What the server detected, else the language it was told.
                  const spoken = languageCodeOf(answer.language) ?? language
                  return { utterances: toUtterances(answer, defaultSpeaker, wav.durationMs), durationMs: wav.durationMs, ...(spoken === undefined ? {} : { language: spoken }) }
                }),
              )
            }),
          ),
        options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
      )
    },
  }
}
