// The runs and uploads tables' row shapes and their mappings to the domain, shared by the SQLite and Postgres adapters.
import { FREE_FAILURE, FREE_STATES, NOTHING_YET, PROCESSING_STATES, type Run, type RunState } from '../../../../src/core/domain/recordings/run.js'
import type { Upload } from '../../../../src/core/domain/recordings/upload.js'

/**
 * A runs row with source and audio decoded and has_notes a boolean, as Postgres
 * returns them (jsonb, boolean); SQLite stores JSON text and 0/1, which its
 * adapter converts before toRun.
 */
export interface RunRow {
  id: string
  account_id: string
  reference: string
  origin: Run['origin']
  meeting_id: string | null
  title: string
  starts_at: string
  platform: Run['platform']
  join_url: string | null
  state: RunState
  detail: string | null
  joined_at: string | null
  waited_seconds: number | null
  recording_seconds: number | null
  ended_at: string | null
  source: Run['source']
  audio: Run['audio']
  has_notes: boolean
  leave_requested_at: string | null
  progress: number | null
  language: string | null
  detected_language: string | null
  failed_stage: Run['failedStage']
  speaker_separation: Run['speakerSeparation']
  /** SQLite migration 25, Postgres 23: JSON (jsonb on Postgres). */
  transcribed_by: Run['transcribedBy']
  /** SQLite migration 23, Postgres 21. */
  template: string | null
  created_at: string
  updated_at: string
}

/** A row of `runs` as a Run; the share stores read runs too. */
export const toRun = (r: RunRow): Run => ({
  id: r.id,
  accountId: r.account_id,
  reference: r.reference,
  origin: r.origin,
  meetingId: r.meeting_id,
  title: r.title,
  startsAt: r.starts_at,
  platform: r.platform,
  joinUrl: r.join_url,
  state: r.state,
  detail: r.detail,
  joinedAt: r.joined_at,
  waitedSeconds: r.waited_seconds,
  recordingSeconds: r.recording_seconds,
  endedAt: r.ended_at,
  source: r.source,
  audio: r.audio,
  hasNotes: r.has_notes,
  leaveRequestedAt: r.leave_requested_at,
  progress: r.progress,
  language: r.language,
  detectedLanguage: r.detected_language,
  failedStage: r.failed_stage,
  speakerSeparation: r.speaker_separation,
  transcribedBy: r.transcribed_by,
  template: r.template,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

/**
 * An uploads row with byte_size a number, as SQLite returns its INTEGER;
 * Postgres returns the bigint as a string, which its adapter converts before
 * toUpload.
 */
export interface UploadRow {
  id: string
  account_id: string
  run_id: string
  reference: string
  title: string
  kind: Upload['kind']
  filename: string
  content_type: string | null
  byte_size: number | null
  duration_ms: number | null
  starts_at: string
  created_at: string
  updated_at: string
  error: string | null
  /** A JSON list of strings (SQLite migration 21, Postgres 19). */
  warnings: string
}

/** An upload's warnings as the uploads.warnings column holds them. */
export const warningsColumn = (u: Upload): string => JSON.stringify(u.warnings)

const readWarnings = (column: string): string[] => {
  const list = JSON.parse(column) as unknown
  return Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : []
}

export const toUpload = (r: UploadRow): Upload => ({
  id: r.id,
  accountId: r.account_id,
  runId: r.run_id,
  reference: r.reference,
  title: r.title,
  kind: r.kind,
  filename: r.filename,
  contentType: r.content_type,
  byteSize: r.byte_size,
  durationMs: r.duration_ms,
  startsAt: r.starts_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  error: r.error,
  warnings: readWarnings(r.warnings),
})

/** The runs the runs_processing index holds (SQLite migration 10, Postgres 9): keep in step with PROCESSING_STATES. */
export const PROCESSING_SQL = `state IN (${PROCESSING_STATES.map((s) => `'${s}'`).join(', ')})`

/**
 * The runs that count against the allowance (countsAgainstAllowance in the domain) as SQL;
 * `no` is how the store writes a false has_notes (SQLite 0, Postgres false).
 */
export const countedSql = (no: string) =>
  `state NOT IN (${FREE_STATES.map((s) => `'${s}'`).join(', ')}) AND NOT (state = '${FREE_FAILURE.state}' AND has_notes = ${no} AND joined_at IS NULL)`

/** The runs that keep counting once deleted (keepsCountingOnceDeleted in the domain) as SQL; `no` as in countedSql. */
export const keepsCountingSql = (no: string) =>
  `${countedSql(no)} AND NOT (state IN (${NOTHING_YET.map((s) => `'${s}'`).join(', ')}) AND joined_at IS NULL AND has_notes = ${no})`
