/**
 * The built-in analyzer's candidates, given to the model as evidence: each
 * action item and decision with the [time] of its utterance, owner and due
 * date. The model checks them against the transcript and must cite times the
 * same way; a chunk carries the evidence of its own utterances.
 */
import type { Notes } from '../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { clock } from './chunks.js'
import { bestCovering, contentWords } from './words.js'

/**
 * The utterance a built-in item came from: by its atMs when it has one, else
 * by its sentence's words, looked for first from the previous item on (items
 * come in transcript order), then anywhere.
 */
const locator = (utterances: ReadonlyArray<Utterance>) => {
  const sets = utterances.map((u) => contentWords(u.text))
  const starts = new Map<number, number>()
  utterances.forEach((u, i) => {
    if (!starts.has(u.start_ms)) starts.set(u.start_ms, i)
  })
  let from = 0
  return (atMs: number | null | undefined, context: string): number | null => {
    const at = atMs === null || atMs === undefined ? undefined : starts.get(atMs)
    if (at !== undefined) return at
    const ahead = bestCovering(sets.slice(from, from + 200), context, 0.6)
    const i = ahead >= 0 ? from + ahead : bestCovering(sets, context, 0.6)
    if (i < 0) return null
    from = i
    return i
  }
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
  const itemAt = locator(utterances)
  for (const a of builtin.actionItems) {
    const i = itemAt(a.atMs, a.context)
    if (i === null) continue
    const facts = [a.owner !== null ? `owner ${a.owner}` : 'owner unknown', ...(a.due !== null ? [`due ${a.due}`] : [])].join('; ')
    add(i, `- [${clock(utterances[i]!.start_ms)}] action item? ${quoted(a.title)} (${facts})`)
  }
  const decisionAt = locator(utterances)
  for (const d of builtin.decisions) {
    const i = decisionAt(d.atMs, d.text)
    if (i === null) continue
    add(i, `- [${clock(utterances[i]!.start_ms)}] decision? ${quoted(d.text)}${d.by !== null ? ` (by ${d.by})` : ''}`)
  }
  return out
}
