/**
 * How one stored file maps onto S3 objects (see blob-store.ts for why):
 *
 *   <key>                          the file as `put` wrote it (the base), if any
 *   <key>.part-<offset>-<level>    bytes appended later, starting at <offset> of the file
 *
 * Offsets are zero-padded so the names sort; level 0 is one `append`, level L+1
 * is FAN parts of level L merged into one object. A merge writes the merged
 * object before it deletes the parts it covers, so after a crash both may
 * exist: parts another part already covers are garbage, skipped on read and
 * deleted on the next append or remove.
 */

/** How many parts of one level a merge joins, unless the store is told otherwise. */
export const FAN = 16

export interface StoredObject {
  readonly name: string
  readonly size: number
  /** The object's ETag and last change, as the listing gives them (for the file's version). */
  readonly etag?: string
  readonly lastModified?: Date
}

export interface Segment extends StoredObject {
  /** Where the object's first byte sits in the file. */
  readonly offset: number
  /** Merge level of a part; null for the base. */
  readonly level: number | null
}

export interface FileLayout {
  /** The base (if any) then the parts, in file order, contiguous. */
  readonly segments: ReadonlyArray<Segment>
  readonly size: number
  /** Objects whose bytes a later merge already holds. */
  readonly garbage: ReadonlyArray<StoredObject>
}

const PART = /\.part-(\d{15})-(\d{1,3})$/

export const partName = (key: string, offset: number, level: number) => `${key}.part-${String(offset).padStart(15, '0')}-${level}`

/** Whether a name listed under the key's prefix is one of the key's own objects (not `<key>.bak`, say). */
export const belongs = (key: string, name: string) => name === key || (name.startsWith(`${key}.part-`) && PART.test(name.slice(key.length)))

/** The key of the file a listed object belongs to (its base, or the key a part was appended to). */
export const fileKeyOf = (name: string) => {
  const m = PART.exec(name)
  return m === null ? name : name.slice(0, m.index)
}

export class BrokenFile extends Error {}

/** Orders a key's objects into the file they make; None (null) when the key has none. */
export const layoutOf = (key: string, objects: ReadonlyArray<StoredObject>): FileLayout | null => {
  const mine = objects.filter((o) => belongs(key, o.name))
  if (mine.length === 0) return null
  const base = mine.find((o) => o.name === key)
  const parts = mine
    .filter((o) => o !== base)
    .map((o): Segment => {
      const m = PART.exec(o.name.slice(key.length))!
      return { ...o, offset: Number(m[1]), level: Number(m[2]) }
    })
    // By offset, and at one offset the merged (higher level) object first: it covers the others.
    .sort((a, b) => a.offset - b.offset || b.level! - a.level!)
  const segments: Segment[] = base === undefined ? [] : [{ ...base, offset: 0, level: null }]
  const garbage: StoredObject[] = []
  let end = base?.size ?? 0
  for (const p of parts) {
    if (p.offset + p.size <= end && !(p.offset === end && p.size === 0)) garbage.push(p)
    else if (p.offset === end) {
      segments.push(p)
      end += p.size
    } else {
      throw new BrokenFile(`the stored pieces of ${key} do not line up at byte ${end} (next piece starts at ${p.offset})`)
    }
  }
  return { segments, size: end, garbage }
}

/** The trailing `fan` parts of one level, which the next merge turns into one part a level up; null when none is due. */
export const dueMerge = (layout: FileLayout, fan: number): ReadonlyArray<Segment> | null => {
  const tail = layout.segments.slice(-fan)
  if (tail.length < fan) return null
  const level = tail[0]!.level
  return level !== null && tail.every((s) => s.level === level) ? tail : null
}

/** The layout after `group` was merged into `merged`. */
export const afterMerge = (layout: FileLayout, group: ReadonlyArray<Segment>, merged: Segment): FileLayout => ({
  ...layout,
  segments: [...layout.segments.slice(0, layout.segments.length - group.length), merged],
  garbage: [],
})

/** The byte ranges to fetch from each segment for file bytes start..end inclusive. */
export const slices = (segments: ReadonlyArray<Segment>, start: number, end: number) =>
  segments
    .filter((s) => s.size > 0 && s.offset <= end && s.offset + s.size - 1 >= start)
    .map((s) => ({ segment: s, from: Math.max(start, s.offset) - s.offset, to: Math.min(end, s.offset + s.size - 1) - s.offset }))
