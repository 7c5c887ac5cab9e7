/** The read-only parts of a recording's notes: summaries, topics, decisions, attendees. */
import type { Recording } from '../../api.js'
import { formatClock, wholePercents } from '../../format.js'

/** Text with blank lines between paragraphs and `- ` lines as bullet lists, as the analyzer writes it. */
const Paragraphs = (props: { text: string }) => (
  <>
    {props.text
      .split(/\n\s*\n/)
      .filter((block) => block.trim() !== '')
      .map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '')
        const prose = lines.filter((l) => !/^\s*[-*•]\s/.test(l))
        const bullets = lines.filter((l) => /^\s*[-*•]\s/.test(l)).map((l) => l.replace(/^\s*[-*•]\s+/, ''))
        return (
          <div key={i}>
            {prose.length === 0 ? null : <p>{prose.join(' ')}</p>}
            {bullets.length === 0 ? null : (
              <ul>
                {bullets.map((b, j) => (
                  <li key={j}>{b}</li>
                ))}
              </ul>
            )}
          </div>
        )
      })}
  </>
)

export const Summary = (props: { recording: Recording }) => {
  const r = props.recording
  if (r.shortSummary === '' && r.detailedSummary === '') return null
  return (
    <section class="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      {r.shortSummary === '' ? null : <p class="short-summary">{r.shortSummary}</p>}
      {r.detailedSummary === '' || r.detailedSummary === r.shortSummary ? null : (
        <details class="detailed-summary" open>
          <summary>In detail</summary>
          <Paragraphs text={r.detailedSummary} />
        </details>
      )}
    </section>
  )
}

/** A share of a whole as a bar and its percentage (the bar is decoration; the number is read): `percent` from wholePercents over the list. */
export const ShareBar = (props: { share: number; percent: number }) => (
  <span class="share">
    <span class="share-bar" aria-hidden="true">
      <span style={{ width: `${Math.max(0, Math.min(1, props.share)) * 100}%` }} />
    </span>
    <span class="share-percent">{props.percent} %</span>
  </span>
)

export const Topics = (props: { topics: Recording['topics'] }) => {
  if (props.topics.length === 0) return null
  const percents = wholePercents(props.topics.map((t) => t.share))
  return (
    <section class="card" aria-labelledby="topics-title">
      <h2 id="topics-title">Topics</h2>
      <p class="hint">Share of the talk time</p>
      <ul class="plain shares">
        {props.topics.map((t, i) => (
          <li key={t.label}>
            <span class="share-label">{t.label}</span>
            <ShareBar share={t.share} percent={percents[i] ?? 0} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export const Decisions = (props: { decisions: Recording['decisions']; onSeek: ((ms: number) => void) | null }) =>
  props.decisions.length === 0 ? null : (
    <section class="card" aria-labelledby="decisions-title">
      <h2 id="decisions-title">Decisions</h2>
      <ul class="decisions">
        {props.decisions.map((d, i) => (
          <li key={i}>
            {d.text}
            <span class="muted">
              {d.by === null ? null : <> — {d.by}</>}
              {d.atMs === null ? null : props.onSeek === null ? (
                <>, at {formatClock(d.atMs)}</>
              ) : (
                <>
                  {', '}
                  <button type="button" class="link" onClick={() => props.onSeek?.(d.atMs ?? 0)} title="Go to this moment in the transcript">
                    at {formatClock(d.atMs)}
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )

export const Attendees = (props: { attendees: Recording['attendees'] }) =>
  props.attendees.length === 0 ? null : (
    <section class="card" aria-labelledby="attendees-title">
      <h2 id="attendees-title">Attendees</h2>
      <ul class="plain attendees">
        {props.attendees.map((a, i) => (
          <li key={i}>
            {a.name}
            {a.email === '' || a.email === a.name ? null : <span class="muted"> · {a.email}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
