import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'

/** One recognised word (or key phrase) with its times in milliseconds. */
export interface TimedWord {
  readonly word: string
  readonly startMs: number
  readonly endMs: number
}

// With `-time yes` pocketsphinx_continuous prints, per stretch of speech, the hypothesis on one
// line and then "word start end confidence" lines (seconds). Keyword spotting writes the same
// lines, newest first and with a doubled space. Hypothesis lines carry no numbers and are skipped.
const WORD_LINE = /^(.+?)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*$/i

// Sentence marks, silence and the model's noise words ([NOISE], ++UH++) are not speech.
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[[^\]]*\]|\+\+.*\+\+)$/i

/** Reads the word lines, drops fillers and alternate-pronunciation marks ("tonight(2)"), orders by time. */
export const parseTimedWords = (stdout: string): TimedWord[] =>
  stdout
    .split(/\r?\n/)
    .map((line) => WORD_LINE.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      word: m[1]!.trim().replace(/\(\d+\)$/, ''),
      startMs: Math.round(Number(m[2]) * 1000),
      endMs: Math.round(Number(m[3]) * 1000),
    }))
    .filter((w) => w.word !== '' && !NOT_A_WORD.test(w.word))
    .sort((a, b) => a.startMs - b.startMs)

/**
 * Follows pocketsphinx's output as it is printed and reports how far into the audio it has got:
 * the latest word end over the audio's duration. Lines may arrive cut anywhere.
 */
export const progressReader = (durationMs: number, onProgress: (fraction: number) => void): ((chunk: string) => void) => {
  let partial = ''
  let furthestMs = 0
  return (chunk) => {
    const lines = (partial + chunk).split(/\r?\n/)
    partial = lines.pop() ?? ''
    const before = furthestMs
    for (const line of lines) {
      const m = WORD_LINE.exec(line.trim())
      if (m !== null) furthestMs = Math.max(furthestMs, Math.round(Number(m[3]) * 1000))
    }
    if (furthestMs > before && durationMs > 0) onProgress(Math.min(1, furthestMs / durationMs))
  }
}

/**
 * Groups words into utterances, starting a new one wherever the silence between two words
 * reaches `pauseMs`. Times are clamped to the audio's duration.
 */
export const groupAtPauses = (
  words: ReadonlyArray<TimedWord>,
  options: { readonly pauseMs: number; readonly speaker: string; readonly durationMs: number },
): Utterance[] => {
  const groups: TimedWord[][] = []
  for (const word of words) {
    const current = groups[groups.length - 1]
    const last = current?.[current.length - 1]
    if (current === undefined || last === undefined || word.startMs - last.endMs >= options.pauseMs) groups.push([word])
    else current.push(word)
  }
  const clamp = (ms: number) => Math.min(Math.max(0, ms), options.durationMs)
  return groups.map((group) => ({
    start_ms: clamp(group[0]!.startMs),
    end_ms: clamp(Math.max(...group.map((w) => w.endMs))),
    speaker: options.speaker,
    text: group.map((w) => w.word).join(' '),
  }))
}
