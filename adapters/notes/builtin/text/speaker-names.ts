/**
 * How a speaker label reads in notes. Transcripts name speakers by name
 * ("Bob Chen", "Hon. Andrew Scheer (Leader of the Opposition)", "Dawn Bowden
 * AM"), by role ("Project Manager", "PhD A") or by number ("Speaker 1"); a
 * minute-taker writes "Bob", "Andrew Scheer", "the project manager".
 */

export interface SpokenName {
  /** First mention: "Bob Chen", "the project manager", "PhD A". */
  readonly full: string
  /** Later mentions: "Bob" when no other speaker shares the first name, else the full form. */
  readonly short: string
}

/** Parliamentary styles dropped; a title a person is called by ("Dr", "Ms") kept. */
const HONORIFIC = /^(?:the\s+)?(?:rt\.?\s+)?hon(?:ourable|\.)?\s+/i
const TITLE = /^(?:mr|mrs|ms|mx|miss|dr|prof|professor|sir|dame|lord|lady|cllr|councillor|senator)\.?\s/i
const POST_NOMINAL = /,?\s+(?:AM|MP|MS|MSP|MLA|MEP|MHK|TD|QC|KC|OBE|MBE|CBE|PhD|MD|Jr\.?|Sr\.?|Esq\.?)$/

/** Nouns for a person by what they do: a label ending in one is a role ("Project Manager"). */
const PERSON_ROLES = new Set(
  (
    'manager designer engineer developer lead director chair chairman chairwoman chairperson professor interviewer interviewee ' +
    'candidate host moderator facilitator presenter researcher student grad postdoc phd officer president secretary treasurer ' +
    'clerk analyst consultant coordinator owner administrator admin teacher principal head doctor nurse expert assistant ' +
    'representative rep agent minister governor member founder executive ceo cto cfo coo vp architect scientist recruiter ' +
    'customer client user advisor adviser mentor mentee intern specialist supervisor lecturer tutor counsellor counselor witness'
  ).split(' '),
)

/** Departments and functions: a label with one ("User Interface", "Marketing") is a name kept whole, never cut to a first name. */
const FUNCTIONS = new Set(
  'marketing sales finance interface design engineering support legal operations ops product research hr it team group board committee panel audience office desk'.split(' '),
)

/** "Speaker 1", "Participant B", "Guest": a placeholder kept as it is. */
const PLACEHOLDER = /^(?:speaker|participant|spk|guest|caller|person|voice|unknown)(?:\s*[\dA-Z]+)?$/i

/** A speaker named with a style or title ("Hon.", "AM", "Dr") is in a formal meeting: always the full name. */
const isFormal = (label: string): boolean => HONORIFIC.test(label.trim()) || TITLE.test(label.trim()) || POST_NOMINAL.test(label.replace(/\s*\([^)]*\)\s*/g, ' ').trim())

const cleanLabel = (label: string): string => {
  let s = label.replace(/\s*\([^)]*\)\s*/g, ' ').replace(/\s+/g, ' ').replace(/^the\s+/i, '').trim()
  for (let i = 0; i < 3; i++) s = s.replace(HONORIFIC, '').replace(POST_NOMINAL, '').trim()
  return s === '' ? label.trim() : s
}

/** "PhD A" is the role "PhD" with a letter telling its holders apart. */
const roleAndTag = (s: string): { role: string; tag: string } | null => {
  const m = /^(.+?)\s+([A-Z]|\d+)$/.exec(s)
  return m !== null && isRole(m[1]!) ? { role: m[1]!, tag: m[2]! } : null
}

const isRole = (s: string): boolean => PERSON_ROLES.has((s.split(/\s+/).pop() ?? '').toLowerCase())

/** Lowercase except acronyms ("PhD", "CEO"), as a role reads inside a sentence. */
const roleWords = (s: string): string =>
  s
    .split(/\s+/)
    .map((w) => (/[A-Z].*[A-Z]/.test(w) ? w : w.toLowerCase()))
    .join(' ')

/** Names for every speaker label of a meeting; a role held by one speaker reads "the project manager". */
export const speakerNames = (labels: ReadonlyArray<string>): ((label: string) => SpokenName) => {
  const distinct = [...new Set(labels)]
  const cleaned = new Map(distinct.map((l) => [l, cleanLabel(l)]))
  const values = [...new Set(cleaned.values())]
  const roleCount = new Map<string, number>()
  for (const v of values) {
    const rt = roleAndTag(v)
    if (rt !== null) roleCount.set(rt.role.toLowerCase(), (roleCount.get(rt.role.toLowerCase()) ?? 0) + 1)
  }
  const firstCount = new Map<string, number>()
  for (const v of values) {
    const first = v.split(' ')[0]!
    firstCount.set(first, (firstCount.get(first) ?? 0) + 1)
  }
  const named = new Map<string, SpokenName>()
  for (const [label, v] of cleaned) {
    let name: SpokenName
    const rt = roleAndTag(v)
    if (PLACEHOLDER.test(v) && !isRole(v)) name = { full: v, short: v }
    else if (rt !== null) {
      const unique = roleCount.get(rt.role.toLowerCase()) === 1
      const n = unique ? `the ${roleWords(rt.role)}` : v
      name = { full: n, short: n }
    } else if (isRole(v)) {
      const n = `the ${roleWords(v)}`
      name = { full: n, short: n }
    } else {
      const parts = v.split(' ')
      const looksPersonal =
        parts.length >= 2 && parts.every((p) => /^[A-Z][\p{L}'-]*$/u.test(p) && !FUNCTIONS.has(p.toLowerCase())) && !isFormal(label)
      name = { full: v, short: looksPersonal && firstCount.get(parts[0]!) === 1 ? parts[0]! : v }
    }
    named.set(label, name)
  }
  return (label) => named.get(label) ?? { full: cleanLabel(label), short: cleanLabel(label) }
}

/** "Bob's", "the project manager's", "James'". */
export const possessive = (name: string): string => (/s$/i.test(name) ? `${name}'` : `${name}'s`)
