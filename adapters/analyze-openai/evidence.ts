/**
 * The built-in analyzer's candidates, given to the model as evidence: each
 * action item and decision with the [time] of its utterance, owner and due
 * date. The model checks them against the transcript and must cite times the
 * same way; a chunk carries the evidence of its own utterances.
 */
import type { Notes } from '../../src/core/domain/notes.js'
import type { Utterance } from '../../src/core/domain/utterance.js'
import { clock } from './chunks.js'
import { coverage } from './words.js'

/** The utterance a built-in item came from: by its atMs when it has one, else by its sentence's words. */
const utteranceIndexOf = (utterances: ReadonlyArray<Utterance>, atMs: number | null | undefined, context: string): number | null => {
  if (atMs !== null && atMs !== undefined) {
    const i = utterances.findIndex((u) => u.start_ms === atMs)
    if (i >= 0) return i
  }
  let best = -1
  let bestScore = 0.6
  utterances.forEach((u, i) => {
    const s = coverage(context, u.text)
    if (s > bestScore) {
      best = i
      bestScore = s
    }
  })
  return best >= 0 ? best : null
}

const quoted = (s: string): string => `"${s.replace(/\s+/g, ' ').trim().slice(0, 160)}"`

/** Evidence lines by utterance index. */
export const evidenceByUtterance = (utterances: ReadonlyArray<Utterance>, builtin: Notes | null): Map<number, string[]> => {
  const out = new Map<number, string[]>()
  if (builtin === null) return out
  const add = (i: number | null, line: string): void => {
    if (i === null) return
    out.set(i, [...(out.get(i) ?? []), line])
  }
  for (const a of builtin.actionItems) {
    const i = utteranceIndexOf(utterances, a.atMs, a.context)
    if (i === null) continue
    const facts = [a.owner !== null ? `owner ${a.owner}` : 'owner unknown', ...(a.due !== null ? [`due ${a.due}`] : [])].join('; ')
    add(i, `- [${clock(utterances[i]!.start_ms)}] action item? ${quoted(a.title)} (${facts})`)
  }
  for (const d of builtin.decisions) {
    const i = utteranceIndexOf(utterances, d.atMs, d.text)
    if (i === null) continue
    add(i, `- [${clock(utterances[i]!.start_ms)}] decision? ${quoted(d.text)}${d.by !== null ? ` (by ${d.by})` : ''}`)
  }
  return out
}
