import type { ComponentChildren } from 'preact'
import type { RecordingRow } from '../../api.js'
import { formatClock } from '../../format.js'
import { Link } from '../../router.js'
import { recordingHref } from './labels.js'

type Match = NonNullable<RecordingRow['match']>

/** The snippet with the API's matched words wrapped in <mark>. */
export const Highlighted = (props: { snippet: string; highlights: Match['highlights'] }) => {
  const parts: ComponentChildren[] = []
  let at = 0
  for (const [i, h] of [...props.highlights].sort((a, b) => a.start - b.start).entries()) {
    if (h.start < at || h.end > props.snippet.length) continue
    if (h.start > at) parts.push(props.snippet.slice(at, h.start))
    parts.push(<mark key={i}>{props.snippet.slice(h.start, h.end)}</mark>)
    at = h.end
  }
  parts.push(props.snippet.slice(at))
  return <>{parts}</>
}

const FIELD_WORDS: Readonly<Record<Match['field'], string>> = {
  title: 'In the title',
  summary: 'In the summary',
  actionItem: 'In an action item',
  transcript: 'Said',
}

/** Why a search found the recording; a transcript match links to that moment of it. */
export const MatchSnippet = (props: { runId: string; match: Match }) => {
  const m = props.match
  const where =
    m.field === 'transcript' && m.atMs !== null ? (
      <Link href={recordingHref(props.runId, m.atMs)} class="match-at">
        {m.speaker === null ? '' : `${m.speaker} at `}
        {formatClock(m.atMs)}
      </Link>
    ) : (
      <span class="match-field">{FIELD_WORDS[m.field]}</span>
    )
  return (
    <p class="match">
      {where}
      <span class="match-text">
        <Highlighted snippet={m.snippet} highlights={m.highlights} />
      </span>
    </p>
  )
}
