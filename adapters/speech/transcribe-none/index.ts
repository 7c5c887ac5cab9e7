import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../../src/core/ports/transcriber.js'

/** What a user must do to get audio transcribed; the refusal of an audio upload (POST /uploads) says it. */
export const NO_TRANSCRIBER_MESSAGE =
  'No speech-to-text engine is configured, so audio cannot be transcribed. ' +
  'For accurate offline transcripts, a server administrator downloads a Whisper model in the web app (Settings → Speech: Download base.en, 148 MB) ' +
  'or runs `notetaker models pull base.en`; on a server without internet, bring the file ggml-base.en.bin ' +
  '(published at https://huggingface.co/ggerganov/whisper.cpp) and add it in Settings → Speech (Add a model file) or with ' +
  '`notetaker models add ggml-base.en.bin`; no restart is needed. ' +
  'For rough offline transcripts in English, install the Debian packages pocketsphinx and pocketsphinx-en-us and restart (NOTETAKER_TRANSCRIBER=auto, the default, then finds them; or set NOTETAKER_TRANSCRIBER=pocketsphinx). ' +
  'Or set NOTETAKER_TRANSCRIBER=openai with NOTETAKER_TRANSCRIBER_URL (the server, e.g. http://127.0.0.1:8000), ' +
  'NOTETAKER_TRANSCRIBER_MODEL (e.g. whisper-1) and, if the server needs one, NOTETAKER_TRANSCRIBER_KEY ' +
  'to use any OpenAI-compatible transcription server. Transcript files (vtt, srt, txt, json) can be uploaded without one.'

/** The transcriber used when none is configured: not available, so audio uploads are refused; a call (an older upload retried) fails with how to configure one. */
export const createNoTranscriber = (): Transcriber => ({
  name: 'none',
  available: false,
  setupHint: NO_TRANSCRIBER_MESSAGE,
  languages: [],
  transcribe: () => TE.left<TranscriptionFailure>({ _tag: 'TranscriptionFailure', message: NO_TRANSCRIBER_MESSAGE }),
})
