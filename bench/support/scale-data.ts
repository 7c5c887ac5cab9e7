/**
 * What the scale bench seeds into one account, generated deterministically
 * (a seeded PRNG) in the stores' own row shapes: runs from newRun, meetings as
 * the Meeting type. Rows come out in creation order, as a live database holds them.
 */
import { randomUUID } from 'node:crypto'
import type { Meeting } from '../../src/core/domain/meetings/meeting.js'
import { newRun, type Run, type RunOrigin, type RunState } from '../../src/core/domain/recordings/run.js'

export const SCALE = {
  runs: 1_000_000,
  /** Past meetings, each with the run the engine made for it (origin calendar). */
  pastMeetings: 75_000,
  /** Meetings inside WINDOW, none with a run yet: the schedule's deep pages. */
  windowMeetings: 25_000,
  /** Every SUPERSEDE_EVERY-th calendar run was replaced by a newer one: never listed. */
  supersedeEvery: 150,
  /** Runs of a second account shared with the seeded one (GET /recordings lists them too). */
  sharedRuns: 50,
  years: 10,
} as const

/** A 92-day window (the schedule's longest) holding SCALE.windowMeetings meetings. */
export const WINDOW = { from: '2027-01-01T00:00:00.000Z', to: '2027-04-03T00:00:00.000Z' } as const

export const SCALE_ACCOUNT = { name: 'Scale Bench', email: 'scale-bench@example.com' } as const
export const SHARING_ACCOUNT = { name: 'Scale Colleague', email: 'scale-colleague@example.com' } as const

/** mulberry32: small, fast and good enough to spread test data. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

const MINUTE = 60_000
const DAY = 1_440 * MINUTE
const iso = (ms: number) => new Date(ms).toISOString()
const hex = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('')
const pick = <A>(random: () => number, weighted: ReadonlyArray<readonly [A, number]>): A => {
  let r = random()
  for (const [a, w] of weighted) if ((r -= w) < 0) return a
  return weighted[weighted.length - 1]![0]
}

const PLATFORMS = [['zoom', 0.45], ['google_meet', 0.35], ['microsoft_teams', 0.2]] as const
const JOIN_URL = {
  zoom: 'https://zoom.us/j/8812345678', google_meet: 'https://meet.google.com/abc-defg-hij', microsoft_teams: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NmQ5%40thread.v2/0',
} as const
const TITLES = ['Weekly sync', 'Design review', 'Customer call', '1:1', 'Sprint planning', 'Retro', 'Interview', 'All hands', 'Board prep', 'Roadmap']

export interface MeetingPlan {
  readonly meetings: Meeting[]
  /** Index into `meetings` of each past meeting, in the order their runs are planned. */
  readonly past: ReadonlyArray<number>
}

/** The account's meetings: past ones spread over the years before `now`, then a dense 92-day WINDOW; sorted by creation. */
export const planMeetings = (accountId: string, now: number): MeetingPlan => {
  const random = prng(7)
  const from = now - SCALE.years * 365 * DAY
  const windowFrom = Date.parse(WINDOW.from)
  const windowSpan = Date.parse(WINDOW.to) - windowFrom
  const one = (startsAt: number, past: boolean): Meeting => {
    const allDay = random() < 0.01
    const createdAt = Math.min(now, startsAt - Math.floor(random() * 14 * DAY))
    const attendees = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
      name: `Person ${i}`, email: `person${i}@example.com`, responseStatus: 'accepted' as const,
    }))
    const platform = pick(random, PLATFORMS)
    return {
      id: randomUUID(), accountId, connectionId: null, externalId: null, source: 'manual',
      title: TITLES[Math.floor(random() * TITLES.length)]!, link: JOIN_URL[platform], description: past ? 'Agenda: updates, risks, next steps.' : '',
      location: '', startsAt: iso(allDay ? Math.floor(startsAt / DAY) * DAY : Math.floor(startsAt / (15 * MINUTE)) * 15 * MINUTE),
      durationMinutes: allDay ? 1_440 : [15, 30, 30, 45, 60, 60, 90][Math.floor(random() * 7)]!, isAllDay: allDay, isRecurring: random() < 0.5,
      attendees, attendeeCount: attendees.length, organizer: { name: 'Person 0', email: 'person0@example.com' }, responseStatus: 'accepted',
      externalUrl: null, recordOverride: random() < 0.05 ? false : null, createdAt: iso(createdAt), updatedAt: iso(createdAt), removedAt: null, removedBy: null,
    }
  }
  const meetings = [
    ...Array.from({ length: SCALE.pastMeetings }, () => one(from + random() * (now - from - DAY), true)),
    ...Array.from({ length: SCALE.windowMeetings }, () => one(windowFrom + random() * (windowSpan - 2 * DAY), false)),
  ]
  const order = meetings.map((_, i) => i).sort((a, b) => meetings[a]!.createdAt.localeCompare(meetings[b]!.createdAt))
  const sorted = order.map((i) => meetings[i]!)
  return { meetings: sorted, past: sorted.flatMap((m, i) => (Date.parse(m.startsAt) < now ? [i] : [])) }
}

/** A planned run, kept small until it is written (a million of them are held and sorted). */
interface RunSeed {
  readonly origin: RunOrigin
  readonly state: RunState
  readonly startsAt: number
  readonly createdAt: number
  /** Index into the meeting plan, for calendar runs. */
  readonly meeting: number
}

/**
 * The account's runs: one per past meeting (calendar), the rest uploads (70%)
 * and bots sent by hand (30%), spread over the years before `now`; sorted by creation.
 */
export const planRuns = (plan: MeetingPlan, now: number, total: number = SCALE.runs): RunSeed[] => {
  const random = prng(11)
  const from = now - SCALE.years * 365 * DAY
  const seeds: RunSeed[] = plan.past.map((m, i) => {
    const startsAt = Date.parse(plan.meetings[m]!.startsAt)
    const state = i % SCALE.supersedeEvery === 0 ? 'superseded' : pick<RunState>(random, [['ready', 0.85], ['failed', 0.05], ['skipped', 0.07], ['cancelled', 0.03]])
    return { origin: 'calendar', state, startsAt, createdAt: startsAt - 2 * MINUTE, meeting: m }
  })
  while (seeds.length < total) {
    const startsAt = Math.floor(from + random() * (now - from))
    if (random() < 0.7) {
      const state = pick<RunState>(random, [['ready', 0.95], ['failed', 0.05]])
      seeds.push({ origin: 'upload', state, startsAt, createdAt: Math.min(now, startsAt + Math.floor(random() * 3 * DAY)), meeting: -1 })
    } else {
      const state = pick<RunState>(random, [['ready', 0.88], ['failed', 0.08], ['cancelled', 0.04]])
      seeds.push({ origin: 'manual', state, startsAt, createdAt: startsAt - Math.floor(random() * 5 * MINUTE), meeting: -1 })
    }
  }
  return seeds.sort((a, b) => a.createdAt - b.createdAt)
}

/** The stored run a plan entry stands for, with what a finished run of its origin carries. */
export const runOf = (seed: RunSeed, plan: MeetingPlan, accountId: string, n: number): Run => {
  const random = prng(n + 1)
  const id = randomUUID()
  const meeting = seed.meeting >= 0 ? plan.meetings[seed.meeting]! : null
  const done = seed.state === 'ready' || seed.state === 'failed'
  const seconds = 300 + Math.floor(random() * 3_300)
  const base = newRun({
    id, accountId, reference: `rec-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 4)}`, origin: seed.origin,
    title: meeting?.title ?? TITLES[Math.floor(random() * TITLES.length)]!, startsAt: iso(seed.startsAt), state: seed.state,
    createdAt: iso(seed.createdAt),
  })
  const finishedAt = iso(Math.max(seed.createdAt, seed.startsAt) + seconds * 1000 + 5 * MINUTE)
  const detail = seed.state === 'failed' ? 'Transcription failed: the audio could not be decoded' : seed.state === 'skipped' ? 'The monthly allowance is spent' : null
  if (seed.origin === 'upload') {
    const key = `uploads/${accountId}/${randomUUID()}.vtt`
    return { ...base, detail, source: { kind: 'transcript', key, format: 'vtt' }, hasNotes: seed.state === 'ready', updatedAt: finishedAt }
  }
  const platform = meeting === null ? pick(random, PLATFORMS) : (Object.entries(JOIN_URL).find(([, url]) => url === meeting.link)![0] as keyof typeof JOIN_URL)
  const bot = { ...base, meetingId: meeting?.id ?? null, platform, joinUrl: JOIN_URL[platform], detail, updatedAt: done ? finishedAt : base.updatedAt }
  if (!done) return bot
  const audio = { key: `runs/${id}/audio.webm`, mimeType: 'audio/webm' }
  return {
    ...bot, joinedAt: iso(seed.startsAt + 30_000), waitedSeconds: Math.floor(random() * 120), recordingSeconds: seconds,
    endedAt: iso(seed.startsAt + seconds * 1000), audio, source: { kind: 'audio', key: audio.key, format: 'webm', speakersKey: `runs/${id}/speakers.jsonl` },
    hasNotes: seed.state === 'ready',
  }
}

/** Runs of the sharing account, `SCALE.sharedRuns` of them shared with the seeded account's email. */
export const sharedRunsOf = (accountId: string, now: number): Run[] =>
  Array.from({ length: SCALE.sharedRuns }, (_, i) =>
    runOf({ origin: 'upload', state: 'ready', startsAt: now - (i + 1) * 7 * DAY, createdAt: now - (i + 1) * 7 * DAY + MINUTE, meeting: -1 }, { meetings: [], past: [] }, accountId, 10_000_000 + i),
  )
