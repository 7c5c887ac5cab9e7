import type { MeetingPlatform } from '../meetings/platform.js'
import type { SpeakerSeparation } from './speaker-separation.js'
import type { TranscribedBy } from './transcribed-by.js'

/**
 * One recording attempt, whatever its origin. `state` is precise; `phase` is
 * the coarse stage it belongs to (derived, never stored).
 *
 *   scheduled ─▶ queued ─▶ joining ─▶ waiting_room ─▶ recording ─▶ stored ─▶ transcribing ─▶ analysing ─▶ ready
 *   awaiting_upload ─────────────────────────────────────────────▶ stored        (uploads)
 *   any live state ─▶ failed;  scheduled/queued ─▶ cancelled | skipped | superseded;  joining/waiting_room ─▶ cancelled;
 *   failed ─▶ stored, or analysing when the analysis failed (retry)
 */
export const RUN_STATES = {
  scheduled: { phase: 'pending', means: 'A bot will join the meeting at its start.' },
  queued: { phase: 'pending', means: 'The bot is waiting for a free slot to join.' },
  awaiting_upload: { phase: 'pending', means: 'The upload record exists; its file has not been sent yet.' },
  joining: { phase: 'in_call', means: 'The bot is opening the meeting link.' },
  waiting_room: { phase: 'in_call', means: 'The bot waits to be admitted.' },
  recording: { phase: 'in_call', means: 'The bot is in the meeting and recording.' },
  stored: { phase: 'processing', means: 'The audio or transcript is stored; processing is about to start.' },
  transcribing: { phase: 'processing', means: 'Speech is being turned into a transcript (or the transcript file read).' },
  analysing: { phase: 'processing', means: 'Summaries, topics and action items are being made.' },
  ready: { phase: 'done', means: 'The notes can be read.' },
  failed: { phase: 'done', means: 'The run ended without notes; detail says why.' },
  cancelled: { phase: 'done', means: 'The run was called off before the bot was admitted (meeting deleted or overridden, or the bot asked to leave).' },
  skipped: { phase: 'done', means: 'The engine decided not to record (detail gives the reason).' },
  superseded: { phase: 'done', means: 'The meeting was rescheduled and a newer run replaced this one; never listed.' },
} as const

export type RunState = keyof typeof RUN_STATES
export type RunPhase = (typeof RUN_STATES)[RunState]['phase']
export const RUN_PHASES: ReadonlyArray<RunPhase> = ['pending', 'in_call', 'processing', 'done']
export const phaseOf = (state: RunState): RunPhase => RUN_STATES[state].phase

const NEXT: Readonly<Record<RunState, ReadonlyArray<RunState>>> = {
  scheduled: ['queued', 'joining', 'cancelled', 'skipped', 'superseded', 'failed'],
  queued: ['joining', 'cancelled', 'superseded', 'failed'],
  awaiting_upload: ['stored'],
  joining: ['waiting_room', 'recording', 'failed', 'cancelled'],
  waiting_room: ['recording', 'failed', 'cancelled'],
  recording: ['stored', 'failed'],
  stored: ['transcribing', 'failed'],
  transcribing: ['analysing', 'failed'],
  analysing: ['ready', 'failed'],
  ready: [],
  failed: ['stored', 'analysing'],
  cancelled: [],
  skipped: [],
  superseded: [],
}

/** Whether the state machine allows a move; staying put is allowed (re-delivered jobs). */
export const canMove = (from: RunState, to: RunState): boolean => from === to || NEXT[from].includes(to)

export const LIVE_BOT_STATES: ReadonlyArray<RunState> = ['queued', 'joining', 'waiting_room', 'recording']
/** States of a run whose audio or transcript is stored and whose processing job should exist. */
export const PROCESSING_STATES: ReadonlyArray<RunState> = ['stored', 'transcribing', 'analysing']
/** States that never appear in lists. */
export const HIDDEN_STATES: ReadonlyArray<RunState> = ['superseded']
/** States that do not count against the monthly allowance: nothing was recorded. */
export const FREE_STATES: ReadonlyArray<RunState> = ['cancelled', 'skipped', 'superseded']
/**
 * A run that failed before producing anything is free too: state `failed`, no
 * notes, and no bot ever admitted (an upload that could not be decoded; a bot
 * not admitted, denied, or sent to a meeting that does not exist). The stores'
 * counting SQL is built from these same three fields (adapters/stores/shared/rows/recordings.ts).
 */
export const FREE_FAILURE = { state: 'failed', hasNotes: false, joinedAt: null } as const
export const failedWithoutResult = (run: Pick<Run, 'state' | 'hasNotes' | 'joinedAt'>): boolean =>
  run.state === FREE_FAILURE.state && run.hasNotes === FREE_FAILURE.hasNotes && run.joinedAt === FREE_FAILURE.joinedAt
/** Whether the run counts against the monthly allowance (RunStore.countSince counts these). */
export const countsAgainstAllowance = (run: Pick<Run, 'state' | 'hasNotes' | 'joinedAt'>): boolean =>
  !FREE_STATES.includes(run.state) && !failedWithoutResult(run)
/** States in which a run has not recorded or received anything yet. */
export const NOTHING_YET: ReadonlyArray<RunState> = ['scheduled', 'queued', 'awaiting_upload', 'joining', 'waiting_room']
/**
 * Whether a deleted run keeps counting against the allowance of its month (the
 * store keeps a tombstone for it): deleting gives back nothing that was used.
 * Deleting one that had produced nothing yet (an upload never sent, a bot not
 * yet admitted) is like calling it off: it does not count.
 */
export const keepsCountingOnceDeleted = (run: Pick<Run, 'state' | 'hasNotes' | 'joinedAt'>): boolean =>
  countsAgainstAllowance(run) && !(NOTHING_YET.includes(run.state) && run.joinedAt === null && !run.hasNotes)

export type RunOrigin = 'upload' | 'manual' | 'calendar'

export interface Run {
  readonly id: string
  readonly accountId: string
  /** For people to quote: `rec-1a2b-3c4d-5e6f`. */
  readonly reference: string
  readonly origin: RunOrigin
  readonly meetingId: string | null
  readonly title: string
  readonly startsAt: string
  readonly platform: MeetingPlatform | null
  readonly joinUrl: string | null
  readonly state: RunState
  readonly detail: string | null
  readonly joinedAt: string | null
  readonly waitedSeconds: number | null
  readonly recordingSeconds: number | null
  readonly endedAt: string | null
  /** What processing reads: an audio file or a transcript file. */
  readonly source: {
    readonly kind: 'audio' | 'transcript'
    readonly key: string
    readonly format: string
    /** A bot's speaker timeline (JSON lines of SpeakerTurn) that names the speakers of transcribed audio. */
    readonly speakersKey?: string
  } | null
  /** The audio served by the audio endpoint, if there is any. */
  readonly audio: { readonly key: string; readonly mimeType: string } | null
  readonly hasNotes: boolean
  /** When someone asked the live bot to leave (POST /bots/{runId}/leave); the bot notices and leaves. */
  readonly leaveRequestedAt: string | null
  /**
   * How much of the current processing stage is done (0 to 1), as last written by
   * RunStore.setProgress; null until then. Cleared by every move to another state.
   * Read it through progressOf, which names the stage and ignores it outside processing.
   */
  readonly progress: number | null
  /**
   * The language the audio was said to be in when it was uploaded (see isLanguageRequest): a
   * code such as `en` or `pt-BR`, or `auto` to have the engine detect it; null for the engine's default.
   */
  readonly language: string | null
  /** The language the speech-to-text engine reported (detected, or the one it used); null until transcribed, or when it reports none. */
  readonly detectedLanguage: string | null
  /** The processing stage a failed run failed in; null otherwise. A retry starts again from it, keeping what earlier stages produced. */
  readonly failedStage: ProgressStage | null
  /** How the transcript's speakers were told apart; null until transcribed. */
  readonly speakerSeparation: SpeakerSeparation | null
  /**
   * The speech-to-text engine that made the transcript (its model and accuracy), or `captions` for a bot's
   * transcript of the meeting's captions; null until transcribed, for an uploaded transcript file (no engine ran),
   * and for recordings transcribed before this was kept.
   */
  readonly transcribedBy: TranscribedBy | null
  /** The summary template chosen when the recording was made (upload or bot); null: the scope's default at analysis time. */
  readonly template: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

/** Moves a run through the state machine; an illegal move is a defect in the caller, reported as a Conflict. */
export const moveTo = (
  run: Run,
  to: RunState,
  now: string,
  patch: Partial<Omit<Run, 'id' | 'accountId' | 'state' | 'createdAt' | 'updatedAt'>> = {},
): { readonly ok: true; readonly run: Run } | { readonly ok: false; readonly message: string } =>
  canMove(run.state, to)
    ? { ok: true, run: { ...run, ...(to === run.state ? {} : { progress: null }), ...patch, state: to, updatedAt: now } }
    : { ok: false, message: `A recording cannot go from ${run.state} to ${to}` }

/** A new run with everything not given left empty. */
export const newRun = (
  fields: Pick<Run, 'id' | 'accountId' | 'reference' | 'origin' | 'title' | 'startsAt' | 'state' | 'createdAt'> & Partial<Run>,
): Run => ({
  meetingId: null, platform: null, joinUrl: null, detail: null, joinedAt: null, waitedSeconds: null, recordingSeconds: null,
  endedAt: null, source: null, audio: null, hasNotes: false, leaveRequestedAt: null, progress: null,
  language: null, detectedLanguage: null, failedStage: null, speakerSeparation: null, transcribedBy: null, template: null, updatedAt: fields.createdAt, ...fields,
})

/** The processing stages that report progress; a stored run waits for `transcribing`. */
export type ProgressStage = 'transcribing' | 'analysing'

/** Where processing stands: the stage and how much of it is done (0 to 1). */
export interface RunProgress {
  readonly stage: ProgressStage
  readonly fraction: number
}

/** The run's processing progress; null when the run is not processing. */
export const progressOf = (run: Pick<Run, 'state' | 'progress'>): RunProgress | null => {
  if (run.state === 'stored') return { stage: 'transcribing', fraction: 0 }
  if (run.state === 'transcribing' || run.state === 'analysing') return { stage: run.state, fraction: Math.min(1, Math.max(0, run.progress ?? 0)) }
  return null
}

/** The language a reader is shown: the one the engine reported once transcribed, else the one asked for (`auto` until detected), else null. */
export const languageOf = (run: Pick<Run, 'language' | 'detectedLanguage'>): string | null => run.detectedLanguage ?? run.language

/**
 * The run as of `now`: while its bot records, `recordingSeconds` is the time
 * since the bot was admitted (the stored figure is only written when the bot
 * leaves). Every read of runs for callers goes through this.
 */
export const runAsOf = <R extends Run>(run: R, now: Date): R =>
  run.state === 'recording' && run.joinedAt !== null
    ? { ...run, recordingSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(run.joinedAt)) / 1000)) }
    : run
