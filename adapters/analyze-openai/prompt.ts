/**
 * The chat messages sent to the model. A transcript longer than the character
 * budget keeps its beginning and its end (where decisions and action items
 * tend to be) and says what was left out.
 */
import type { AnalysisInput } from '../../src/core/ports/analyzer.js'

export const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const hh = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`
}

/** Share of the budget given to the start of a long meeting; the rest goes to its end. */
const HEAD_SHARE = 0.7

export const transcriptText = (input: AnalysisInput, budgetChars: number): string => {
  const lines = input.utterances.map((u) => `[${clock(u.start_ms)}] ${u.speaker}: ${u.text.trim()}`)
  const total = lines.reduce((a, l) => a + l.length + 1, 0)
  if (total <= budgetChars) return lines.join('\n')
  const head: string[] = []
  let used = 0
  for (const l of lines) {
    if (used + l.length + 1 > budgetChars * HEAD_SHARE) break
    head.push(l)
    used += l.length + 1
  }
  const tail: string[] = []
  for (let i = lines.length - 1; i >= head.length; i--) {
    const l = lines[i]!
    if (used + l.length + 1 > budgetChars) break
    tail.unshift(l)
    used += l.length + 1
  }
  const skipped = lines.length - head.length - tail.length
  return [...head, `[... ${skipped} utterances of the middle of the meeting left out for length ...]`, ...tail].join('\n')
}

export const messagesFor = (input: AnalysisInput, budgetChars: number): Array<{ role: 'system' | 'user'; content: string }> => [
  {
    role: 'system',
    content:
      'You write meeting notes from transcripts. Answer only with JSON matching the schema. ' +
      'shortSummary: one or two sentences. detailedSummary: 80 to 160 words covering each topic in order. ' +
      'topics: the main topics in order, each with a short label and its share of the meeting (shares sum to 1). ' +
      'actionItems: commitments and requests for work after the meeting; owner is the speaker for "I will", the named ' +
      'person for requests, otherwise null; due is YYYY-MM-DD resolved against the meeting start, or null; ' +
      'tags from commitment, request, deadline, follow-up. decisions: what the participants agreed on or decided ' +
      '(not proposals left open, not questions), with who proposed or agreed it, the speaker and the [time] of the utterance ' +
      'where it was agreed. Do not invent facts that are not in the transcript.',
  },
  {
    role: 'user',
    content: `Meeting: ${input.title}\nStarted: ${input.startsAt}\n\nTranscript:\n${transcriptText(input, budgetChars)}`,
  },
]
