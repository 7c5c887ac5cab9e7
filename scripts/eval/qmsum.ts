/**
 * The QMSum evaluation file: one meeting per line. The transcripts carry no
 * timings, so they are made up from a steady speaking rate.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'

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

/**
 * Where the data comes from: public, and not part of this repository. The 35
 * validation meetings of QMSum (Zhong et al., NAACL 2021), with their reference
 * summaries and topic spans.
 */
export const EVAL_SOURCE = 'the QMSum validation set (35 meetings; Zhong et al., NAACL 2021, https://github.com/Yale-LILY/QMSum), one meeting per line as JSON'

/** NOTETAKER_EVAL_DATA, else `shared/eval/` beside the project checkout (as on the developers' machines). */
export const defaultEvalFile = (env: Readonly<Record<string, string | undefined>>): string =>
  env.NOTETAKER_EVAL_DATA || join(import.meta.dirname, '..', '..', '..', 'shared', 'eval', 'qmsum-val.jsonl')

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

/**
 * Half of the meetings by a hash of their id (FNV-1a, even: `tune`, odd: `held-out`), so a rule can be tuned on one
 * half and checked on meetings it never saw: 17 and 18 of the 35 validation meetings, every domain in both.
 */
export const splitOf = (id: string): 'tune' | 'held-out' => {
  let h = 0x811c9dc5
  for (const byte of new TextEncoder().encode(id)) h = Math.imul(h ^ byte, 0x01000193) >>> 0
  return h % 2 === 0 ? 'tune' : 'held-out'
}
