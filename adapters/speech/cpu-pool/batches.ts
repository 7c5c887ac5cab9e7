/**
 * Long lists of plain records (utterances, calendar events) cross between
 * threads as JSON text in batches. A structured clone of 100,000 small objects
 * costs the receiving thread about 180 ms in one piece; JSON batches cost a
 * fifth of that, and the thread that answers requests reads them one at a
 * time, yielding between, so no request waits behind them. Only for records
 * JSON keeps whole: no undefined fields, no dates, no class instances.
 */
import { setImmediate as turn } from 'node:timers/promises'

const BATCH = 1_000

export const toBatches = <T>(records: ReadonlyArray<T>): string[] => {
  const batches: string[] = []
  for (let i = 0; i < records.length; i += BATCH) batches.push(JSON.stringify(records.slice(i, i + BATCH)))
  return batches
}

export const fromBatches = <T>(batches: ReadonlyArray<string>): T[] => batches.flatMap((b) => JSON.parse(b) as T[])

/** The same as toBatches, letting the event loop turn between batches. */
export const toBatchesYielding = async <T>(records: ReadonlyArray<T>): Promise<string[]> => {
  const batches: string[] = []
  for (let i = 0; i < records.length; i += BATCH) {
    if (i > 0) await turn()
    batches.push(JSON.stringify(records.slice(i, i + BATCH)))
  }
  return batches
}

/** The same as fromBatches, letting the event loop turn between batches. */
export const fromBatchesYielding = async <T>(batches: ReadonlyArray<string>): Promise<T[]> => {
  const out: T[] = []
  for (const [i, b] of batches.entries()) {
    if (i > 0) await turn()
    for (const r of JSON.parse(b) as T[]) out.push(r)
  }
  return out
}
