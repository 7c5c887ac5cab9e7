import * as TE from 'fp-ts/lib/TaskEither.js'
import { type ActionItemEdit, type PartEdit, partKeyOf, type SpeakerName } from '../../../src/core/domain/notes/notes-edits.js'
import type { NotesEditStore } from '../../../src/core/ports/notes-edit-store.js'

export const memoryNotesEditStore = (): NotesEditStore => {
  const speakers = new Map<string, Map<string, SpeakerName>>()
  const items = new Map<string, Map<string, ActionItemEdit>>()
  const parts = new Map<string, Map<string, PartEdit>>()
  const of = <V>(m: Map<string, Map<string, V>>, runId: string): Map<string, V> => {
    const inner = m.get(runId) ?? new Map<string, V>()
    m.set(runId, inner)
    return inner
  }
  return {
    find: (runId) =>
      TE.right({
        speakers: [...(speakers.get(runId)?.values() ?? [])], actionItems: [...(items.get(runId)?.values() ?? [])],
        parts: [...(parts.get(runId)?.values() ?? [])].map((e) => structuredClone(e)),
      }),
    putSpeaker: (runId, s) => TE.fromIO(() => void of(speakers, runId).set(s.speakerId, { ...s })),
    putActionItem: (runId, e) => TE.fromIO(() => void of(items, runId).set(e.itemId, { ...e, changes: { ...e.changes } })),
    putPart: (runId, e) => TE.fromIO(() => void of(parts, runId).set(partKeyOf(e), structuredClone(e))),
    dropPart: (runId, key) => TE.fromIO(() => void parts.get(runId)?.delete(key)),
    remove: (runId) =>
      TE.fromIO(() => {
        speakers.delete(runId)
        items.delete(runId)
        parts.delete(runId)
      }),
  }
}
