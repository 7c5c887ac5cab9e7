/**
 * The transcript cut into chunks that each fit one request. Cuts fall between
 * utterances; only an utterance longer than a whole chunk is cut, between its
 * sentences (between words when one sentence is itself too long), and every
 * piece keeps the utterance's [time] and speaker so citations still point at it.
 * Nothing is left out: every utterance's text is in exactly one chunk.
 */
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { CHARS_PER_TOKEN } from './tokens.js'

export interface Chunk {
  /** `[mm:ss] Speaker: text` lines, in order. */
  readonly lines: ReadonlyArray<string>
  /** Evidence lines for the utterances of this chunk (the built-in analyzer's candidates). */
  readonly evidence: ReadonlyArray<string>
}

export const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const hh = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`
}

const lineOf = (u: Utterance, text: string): string => `[${clock(u.start_ms)}] ${u.speaker}: ${text}`

/** Pieces of `text` of at most `max` characters: whole sentences, else whole words, else hard cuts. */
const piecesOf = (text: string, max: number): string[] => {
  const parts = text.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g)?.map((s) => s.trim()).filter((s) => s !== '') ?? [text]
  const fine = parts.flatMap((p) => (p.length <= max ? [p] : p.split(/\s+/)))
    .flatMap((w) => (w.length <= max ? [w] : Array.from({ length: Math.ceil(w.length / max) }, (_, i) => w.slice(i * max, (i + 1) * max))))
  const out: string[] = []
  let cur = ''
  for (const p of fine) {
    if (cur !== '' && cur.length + 1 + p.length > max) {
      out.push(cur)
      cur = ''
    }
    cur = cur === '' ? p : `${cur} ${p}`
  }
  if (cur !== '') out.push(cur)
  return out
}

interface Unit {
  readonly line: string
  readonly evidence: ReadonlyArray<string>
  /** Characters, a newline per line included. */
  readonly size: number
}

const sizeOf = (lines: ReadonlyArray<string>): number => lines.reduce((a, l) => a + l.length + 1, 0)

/**
 * Chunks of at most `budgetTokens` (estimated) each, transcript and evidence
 * together. `evidenceFor(i)` gives the evidence lines of utterance i.
 */
export const chunkTranscript = (
  utterances: ReadonlyArray<Utterance>,
  evidenceFor: (index: number) => ReadonlyArray<string>,
  budgetTokens: number,
): Chunk[] => {
  // Whole characters only: ceil(chars / 3.5) <= budget.
  const budget = Math.floor(budgetTokens * CHARS_PER_TOKEN)
  const units: Unit[] = []
  utterances.forEach((u, i) => {
    const text = u.text.replace(/\s+/g, ' ').trim()
    const evidence = evidenceFor(i)
    const line = lineOf(u, text)
    const whole = sizeOf([line, ...evidence])
    if (whole <= budget) {
      units.push({ line, evidence, size: whole })
      return
    }
    // The utterance alone overflows a chunk: the evidence goes with its first piece.
    const room = Math.max(16, budget - sizeOf(evidence) - lineOf(u, '').length - 1)
    piecesOf(text, room).forEach((p, k) => {
      const ev = k === 0 ? evidence : []
      const l = lineOf(u, p)
      units.push({ line: l, evidence: ev, size: sizeOf([l, ...ev]) })
    })
  })
  const chunks: Chunk[] = []
  let lines: string[] = []
  let evidence: string[] = []
  let used = 0
  for (const unit of units) {
    if (lines.length > 0 && used + unit.size > budget) {
      chunks.push({ lines, evidence })
      lines = []
      evidence = []
      used = 0
    }
    lines.push(unit.line)
    evidence.push(...unit.evidence)
    used += unit.size
  }
  if (lines.length > 0) chunks.push({ lines, evidence })
  return chunks
}
