import type { TranscriptFormat } from '../../../../src/core/ports/transcript-parser.js'

/**
 * Inputs that make a careless reader slow (a backtracking regex, a rescan per character, a
 * recursive tree): each builds a file of about `bytes` bytes. Shared by the linear-work test
 * and `npm run bench:parsers`.
 */
export interface WorstCase {
  readonly name: string
  readonly format: TranscriptFormat
  readonly build: (bytes: number) => string
}

const repeat = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)))
const SRT_CUE = '1\n00:00:01,000 --> 00:00:02,000\n'
const VTT_CUE = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n'

export const WORST_CASES: ReadonlyArray<WorstCase> = [
  // The stripper of issue #29: /<\/?[a-zA-Z][^>]*>/ rescans to the end from every "<a".
  { name: 'srt: one line of "<a" never closed', format: 'srt', build: (n) => `${SRT_CUE}${repeat('<a', n)} words\n` },
  { name: 'srt: one line of "{\\" never closed', format: 'srt', build: (n) => `${SRT_CUE}${repeat('{\\', n)} words\n` },
  { name: 'srt: "<a" lines with a ">" at the very end', format: 'srt', build: (n) => `${SRT_CUE}${repeat('<a', n)}>words\n` },
  { name: 'vtt: one line of "<a" never closed', format: 'vtt', build: (n) => `${VTT_CUE}words ${repeat('<a', n)}\n` },
  { name: 'vtt: unknown entities "&a;"', format: 'vtt', build: (n) => `${VTT_CUE}${repeat('&a;', n)} words\n` },
  { name: 'vtt: nested "<c>" tags', format: 'vtt', build: (n) => `${VTT_CUE}${repeat('<c>', n)}words\n` },
  { name: 'vtt: nested voices "<v a>"', format: 'vtt', build: (n) => `${VTT_CUE}${repeat('<c><v a>', n)}words\n` },
  { name: 'vtt: a timing line with many settings', format: 'vtt', build: (n) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000 ${repeat('a:b ', n)}\nwords\n` },
  { name: 'vtt: a timing of dashes without ">"', format: 'vtt', build: (n) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nwords\n\n1:11${repeat('-', n)}\nstray\n` },
  { name: 'vtt: many stray lines', format: 'vtt', build: (n) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nwords\n\n${repeat('stray line\n', n)}` },
  { name: 'srt: a name followed by spaces and no colon', format: 'srt', build: (n) => `${SRT_CUE}A${repeat(' ', n)}x\n` },
  { name: 'txt: "[" and digits never closed', format: 'txt', build: (n) => `[${repeat('1', n)}\n` },
  { name: 'txt: "Name (" and digits never closed', format: 'txt', build: (n) => `Ann (${repeat('1', n)}\n` },
  { name: 'txt: a name followed by spaces and no colon', format: 'txt', build: (n) => `A${repeat(' ', n)}x\n` },
  { name: 'json: many utterances', format: 'json', build: (n) => `[${repeat('{"start_ms":1,"end_ms":2,"speaker":"A","text":"w"},', n)}{"start_ms":1,"end_ms":2,"text":"w"}]` },
  { name: 'srt: many ordinary cues', format: 'srt', build: (n) => repeat('7\n00:00:01,000 --> 00:00:02,000\nAnn: a few ordinary words\n\n', n) },
  { name: 'vtt: many ordinary cues', format: 'vtt', build: (n) => `WEBVTT\n\n${repeat('00:00:01.000 --> 00:00:02.000\n<v Ann>a few ordinary words\n\n', n)}` },
]
