import type { FinishedWindow, TranscriptionCheckpoint } from '../../../../src/core/ports/transcriber.js'

/** A checkpoint kept in memory that notes every load and save, for the transcriber tests. */
export const memoryCheckpoint = (initial: Record<string, ReadonlyArray<FinishedWindow>> = {}) => {
  const kept = new Map<string, FinishedWindow[]>(Object.entries(initial).map(([engine, windows]) => [engine, [...windows]]))
  const loads: string[] = []
  const saves: Array<{ engine: string; window: FinishedWindow }> = []
  const checkpoint: TranscriptionCheckpoint = {
    load: async (engine) => {
      loads.push(engine)
      return [...(kept.get(engine) ?? [])]
    },
    save: async (engine, window) => {
      saves.push({ engine, window })
      kept.set(engine, [...(kept.get(engine) ?? []), window])
    },
  }
  return { checkpoint, kept, loads, saves }
}
