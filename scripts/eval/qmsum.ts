/**
 * The QMSum evaluation file: one meeting per line. The transcripts carry no
 * timings, so they are made up from a steady speaking rate.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Utterance } from '../../src/core/domain/utterance.js'

export interface ReferenceTopic {
  readonly label: string
  readonly spans: ReadonlyArray<readonly [number, number]>
}

export interface EvalMeeting {
  readonly id: string
  readonly domain: string
  readonly utterances: ReadonlyArray<{ readonly speaker: string; readonly text: string }>
  readonly reference_summary: string
  readonly reference_topics: ReadonlyArray<ReferenceTopic>
}

/** `shared/` sits beside the project checkout (as on the developers' machines and in CI). */
export const defaultEvalFile = join(import.meta.dirname, '..', '..', '..', 'shared', 'eval', 'qmsum-val.jsonl')

export const loadMeetings = (path: string): EvalMeeting[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalMeeting)

/** Utterances with start and end times as if spoken at `wordsPerMinute`, back to back. */
export const withTimings = (
  utterances: EvalMeeting['utterances'],
  wordsPerMinute = 150,
): Utterance[] => {
  let at = 0
  return utterances.map((u) => {
    const words = u.text.split(/\s+/).filter((w) => w !== '').length
    const start = at
    at += Math.round((words * 60_000) / wordsPerMinute)
    return { start_ms: start, end_ms: at, speaker: u.speaker, text: u.text }
  })
}
