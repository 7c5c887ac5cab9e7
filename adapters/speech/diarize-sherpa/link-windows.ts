/**
 * One recording's speakers from its windows: each window was diarized on its own, so its
 * speakers are numbered afresh (0, 1, … of that window). Each window's speaker has a voice
 * print (an embedding over some seconds of its turns); the voice prints of all windows are
 * clustered as sherpa-onnx clusters within a window (complete linkage on cosine distance, cut
 * at `threshold`, or into `numSpeakers` when known), so the same voice keeps one number across
 * the recording.
 */
import type { SpeakerTurn } from './turns.js'

/** What the child found in one window, on the file's clock. */
export interface WindowSpeakers {
  /** `speaker` is the window's own index. */
  readonly turns: ReadonlyArray<SpeakerTurn>
  /** The voice print of each of the window's speakers, by its index; null where too little speech to measure. */
  readonly embeddings: ReadonlyArray<ReadonlyArray<number> | null>
}

export interface LinkOptions {
  /** The number of speakers, when known (> 0); otherwise clusters are cut at `threshold`. */
  readonly numSpeakers: number
  /** Cosine distance below which two voices are one (sherpa-onnx's clustering threshold). */
  readonly threshold: number
  /** A speaker's turns either side of a window's cut closer than this (ms) become one turn. */
  readonly joinGapMs: number
}

/**
 * Beyond any cosine distance (at most 2): two speakers the same window told apart, or one
 * without a voice print. Never merged under a threshold; merged last when `numSpeakers` asks for it.
 */
const APART = 3

const cosineDistance = (a: ReadonlyArray<number> | null, b: ReadonlyArray<number> | null): number => {
  if (a === null || b === null || a.length !== b.length) return APART
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    na += a[i]! * a[i]!
    nb += b[i]! * b[i]!
  }
  if (na === 0 || nb === 0) return APART
  return Math.max(0, 1 - dot / Math.sqrt(na * nb))
}

export interface VoicePrint {
  /** Which window the speaker was found in: two of one window are never the same voice under a threshold. */
  readonly window: number
  readonly embedding: ReadonlyArray<number> | null
}

/**
 * Agglomerative clustering, complete linkage (a cluster's distance to another is that of its
 * farthest pair), as sherpa-onnx's fastcluster call does: merges the closest pair while it is
 * nearer than `threshold`, or, with `numSpeakers` > 0, until that many clusters remain. Returns
 * each print's cluster, numbered from 0 in the order of the prints. O(n³) in the number of
 * prints, which is the windows × their speakers: a few hundred for a long day.
 */
export const clusterVoices = (prints: ReadonlyArray<VoicePrint>, o: Pick<LinkOptions, 'numSpeakers' | 'threshold'>): number[] => {
  const n = prints.length
  const distance = prints.map((a, i) => prints.map((b, j) => (i === j ? 0 : a.window === b.window ? APART : cosineDistance(a.embedding, b.embedding))))
  // Each cluster's members; a merged cluster is emptied into the other.
  const members: number[][] = prints.map((_, i) => [i])
  const linkage = (x: number, y: number) => Math.max(...members[x]!.flatMap((i) => members[y]!.map((j) => distance[i]![j]!)))
  let clusters = n
  for (;;) {
    if (o.numSpeakers > 0 ? clusters <= o.numSpeakers : clusters <= 1) break
    let best: { x: number; y: number; d: number } | null = null
    for (let x = 0; x < n; x++) {
      if (members[x]!.length === 0) continue
      for (let y = x + 1; y < n; y++) {
        if (members[y]!.length === 0) continue
        const d = linkage(x, y)
        if (best === null || d < best.d) best = { x, y, d }
      }
    }
    if (best === null || (o.numSpeakers <= 0 && !(best.d < o.threshold))) break
    members[best.x]!.push(...members[best.y]!)
    members[best.y] = []
    clusters--
  }
  const label = new Array<number>(n)
  let next = 0
  const numbered = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const owner = members.findIndex((m) => m.includes(i))
    if (!numbered.has(owner)) numbered.set(owner, next++)
    label[i] = numbered.get(owner)!
  }
  return label
}

/**
 * The recording's turns, in time order, its speakers numbered across windows (0, 1, … in the
 * order they first speak). A single window is left exactly as it was diarized.
 */
export const linkWindows = (windows: ReadonlyArray<WindowSpeakers>, o: LinkOptions): SpeakerTurn[] => {
  if (windows.length === 1) return [...windows[0]!.turns]
  const prints: VoicePrint[] = []
  const printOf = windows.map((w, window) => w.embeddings.map((embedding) => prints.push({ window, embedding }) - 1))
  const cluster = clusterVoices(prints, o)
  const turns = windows
    .flatMap((w, i) => w.turns.map((t) => ({ ...t, speaker: cluster[printOf[i]![t.speaker]!] ?? -1 })))
    .filter((t) => t.speaker >= 0)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
  // One turn cut in two by a window's edge (the cut is in a pause) is one turn again.
  const joined: SpeakerTurn[] = []
  for (const t of turns) {
    const last = joined.at(-1)
    if (last !== undefined && last.speaker === t.speaker && t.startMs - last.endMs < o.joinGapMs) joined[joined.length - 1] = { ...last, endMs: Math.max(last.endMs, t.endMs) }
    else joined.push(t)
  }
  // Numbered by first speech, as one window's would be read: the first voice heard is 0.
  const renumber = new Map<number, number>()
  for (const t of joined) if (!renumber.has(t.speaker)) renumber.set(t.speaker, renumber.size)
  return joined.map((t) => ({ ...t, speaker: renumber.get(t.speaker)! }))
}
