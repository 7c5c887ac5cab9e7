import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { botFiles, isSpeakerTurn, readJsonLines, type SpeakerTurn } from '../domain/recordings/bot-recording.js'
import type { Run } from '../domain/recordings/run.js'
import { isUtterance, type Utterance } from '../domain/recordings/utterance.js'
import type { JobFailure } from '../errors.js'
import { processJob } from '../processing/index.js'
import { readBlobText } from '../recordings/index.js'
import { endRun, move, publish, storeFailed } from './bot-moves.js'
import { iso, seconds } from './bot-words.js'
import type { RunBotDeps } from './run-bot-deps.js'

/** Captions and transcripts are small; anything larger is not one. */
const MAX_CAPTIONS_BYTES = 50 * 1024 * 1024

type Source = NonNullable<Run['source']>

interface Recorded {
  readonly captions: ReadonlyArray<Utterance>
  readonly turns: ReadonlyArray<SpeakerTurn>
  readonly audioBytes: number
}

/**
 * The bot left after recording: its captions become the transcript (or its audio, with the speaker
 * timeline, is to be transcribed), the run is `stored` and processing is queued. Nothing recorded: failed.
 */
export const finishRecording = (deps: RunBotDeps, run: Run, endedAtMs: number, detail: string): TE.TaskEither<JobFailure, void> => {
  const files = botFiles(run.accountId, run.id)
  return pipe(
    TE.Do,
    TE.bind('captions', () => TE.map((text: string) => readJsonLines(text, isUtterance))(readText(deps, files.captions))),
    TE.bind('turns', () => TE.map((text: string) => readJsonLines(text, isSpeakerTurn))(readText(deps, files.speakers))),
    TE.bind('audioBytes', () => audioSize(deps, run)),
    TE.flatMap((recorded) =>
      pipe(
        sourceOf(deps, run, recorded),
        TE.flatMap(
          O.match(
            () => endRun(deps, run, 'failed', `${detail} The bot was in the meeting but recorded neither audio nor captions.`),
            (source) => handOver(deps, run, source, recorded.audioBytes, endedAtMs, detail),
          ),
        ),
      ),
    ),
  )
}

/** What processing starts from: platform captions name their speakers and beat local speech recognition (the audio is still served). */
const sourceOf = (deps: RunBotDeps, run: Run, { captions, turns, audioBytes }: Recorded): TE.TaskEither<JobFailure, O.Option<Source>> => {
  const files = botFiles(run.accountId, run.id)
  if (captions.length > 0) {
    const body = JSON.stringify({ utterances: [...captions].sort((a, b) => a.start_ms - b.start_ms) })
    return pipe(
      deps.blobs.put(files.transcript, one(new TextEncoder().encode(body)), { maxBytes: MAX_CAPTIONS_BYTES }),
      TE.mapLeft(storeFailed('storing the transcript')),
      TE.as(O.some<Source>({ kind: 'transcript', key: files.transcript, format: 'json' })),
    )
  }
  if (run.audio === null || audioBytes === 0) return TE.right(O.none)
  const format = run.audio.key.slice(run.audio.key.lastIndexOf('.') + 1)
  return TE.right(O.some({ kind: 'audio', key: run.audio.key, format, ...(turns.length > 0 ? { speakersKey: files.speakers } : {}) }))
}

/** Stores the run with its source and queues its processing; a run moved on meanwhile is left alone. */
const handOver = (deps: RunBotDeps, run: Run, source: Source, audioBytes: number, endedAtMs: number, detail: string): TE.TaskEither<JobFailure, void> => {
  const joinedMs = run.joinedAt === null ? endedAtMs : Date.parse(run.joinedAt)
  const patch = { source, audio: audioBytes > 0 ? run.audio : null, endedAt: iso(endedAtMs), recordingSeconds: seconds(joinedMs, endedAtMs), detail }
  return pipe(
    move(deps, run, 'stored', patch),
    TE.flatMap(
      O.match(
        () => TE.right(undefined),
        (stored) =>
          pipe(
            publish(deps)('meeting.ended', stored),
            TE.flatMap(() => pipe(deps.jobs.enqueue(processJob(run.accountId, run.id)), TE.mapLeft(storeFailed('queueing processing')))),
            TE.as(undefined),
          ),
      ),
    ),
  )
}

const readText = (deps: RunBotDeps, key: string): TE.TaskEither<JobFailure, string> =>
  pipe(readBlobText(deps.blobs, key, MAX_CAPTIONS_BYTES), TE.mapLeft(storeFailed(`reading ${key}`)), TE.map(O.getOrElse(() => '')))

const audioSize = (deps: RunBotDeps, run: Run): TE.TaskEither<JobFailure, number> =>
  run.audio === null ? TE.right(0) : pipe(deps.blobs.size(run.audio.key), TE.mapLeft(storeFailed('reading the audio size')), TE.map(O.getOrElse(() => 0)))

async function* one(bytes: Uint8Array) {
  yield bytes
}
