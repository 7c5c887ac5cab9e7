/**
 * Seeded synthetic meetings for the analyzer benchmark: topics drift every few
 * hundred words, speakers take turns, sentences mix fillers, commitments and
 * plain statements. Not English prose, but with the statistics that matter for
 * cost: sentence and utterance lengths, vocabulary size, repetition.
 */
import type { Utterance } from '../src/core/domain/recordings/utterance.js'

/** mulberry32: small, fast, good enough for test data. */
export const seeded = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TOPICS = [
  'budget forecast revenue quarter costs hiring plan spending margin pricing',
  'release deploy staging tests pipeline bugs rollback branch migration database',
  'design prototype buttons colours layout screens feedback usability icons fonts',
  'customers onboarding support tickets churn survey interviews accounts renewal contract',
  'marketing campaign launch website content newsletter audience brand video event',
  'research experiments results dataset baseline model accuracy paper reviewers deadline',
  'office lease equipment laptops security access badges policy travel expenses',
  'roadmap priorities features backlog estimates sprint scope dependencies risks milestones',
]
const FILLERS = ['um', 'uh', 'you know', 'I mean', 'like', 'so', 'yeah', 'okay']
const FRAMES = [
  (a: string, b: string) => `I think the ${a} is more important than the ${b} right now.`,
  (a: string, b: string) => `We looked at the ${a} and the ${b} last week and nothing changed.`,
  (a: string, b: string) => `The ${a} depends on how we handle the ${b}.`,
  (a: string, b: string) => `I'll send the ${a} notes and the ${b} numbers by Friday.`,
  (a: string, b: string) => `Can you check the ${a} before we decide on the ${b}?`,
  (a: string, b: string) => `Honestly the ${a} looks fine but the ${b} worries me a bit.`,
  (a: string, b: string) => `So if the ${a} slips, the ${b} slips too.`,
  (a: string, b: string) => `Let's have Maria review the ${a} and the ${b} next week.`,
]
const SPEAKERS = ['Ana', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid']

/** A meeting of about `words` words, the same for the same seed. */
export const syntheticMeeting = (words: number, seed = 1): Utterance[] => {
  const rand = seeded(seed)
  const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(rand() * xs.length)]!
  const out: Utterance[] = []
  let count = 0
  let at = 0
  let topic = pick(TOPICS).split(' ')
  while (count < words) {
    if (rand() < 0.02) topic = pick(TOPICS).split(' ')
    const sentences: string[] = []
    const n = 1 + Math.floor(rand() * 4)
    for (let i = 0; i < n; i++) {
      let s = pick(FRAMES)(pick(topic), pick(topic))
      if (rand() < 0.4) s = `${pick(FILLERS)}, ${s[0]!.toLowerCase()}${s.slice(1)}`
      sentences.push(s[0]!.toUpperCase() + s.slice(1))
    }
    const text = sentences.join(' ')
    const w = text.split(/\s+/).length
    const ms = Math.round((w * 60_000) / 150)
    out.push({ start_ms: at, end_ms: at + ms, speaker: pick(SPEAKERS), text })
    at += ms + 300
    count += w
  }
  return out
}
