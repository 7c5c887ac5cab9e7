/** A recording's notes: summaries, topics, decisions, attendees; with `edit`, the owner corrects them (./corrections.tsx). */
import { useState } from 'preact/hooks'
import type { Recording } from '../../api.js'
import { formatClock, wholePercents } from '../../format.js'
import { ErrorNote } from '../feedback.js'
import { DecisionsEditor, EditedMark, type Editing, SummaryEditor, TopicEditor, useNotesChange, useTopicChange } from './corrections.js'

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

/** A section's Edit button, named for what it edits. */
const EditButton = (props: { what: string; onClick: () => void }) => (
  <button type="button" class="quiet small" onClick={props.onClick} aria-label={`Edit the ${props.what}`}>
    Edit
  </button>
)

export const Summary = (props: { recording: Recording; edit: Editing | null }) => {
  const r = props.recording
  const [editing, setEditing] = useState(false)
  const restore = useNotesChange(props.edit ?? { runId: r.runId, onChanged: async () => {} })
  if (r.shortSummary === '' && r.detailedSummary === '' && props.edit === null) return null
  const edited = r.edited.shortSummary !== null || r.edited.detailedSummary !== null
  return (
    <section class="card" aria-labelledby="summary-title">
      <div class="section-head">
        <h2 id="summary-title">Summary</h2>
        {props.edit !== null && !editing ? (
          <span class="section-actions">
            {edited ? (
              <EditedMark
                what="summary"
                busy={restore.busy}
                onRestore={() => void restore.send({ ...(r.edited.shortSummary === null ? {} : { shortSummary: null }), ...(r.edited.detailedSummary === null ? {} : { detailedSummary: null }) })}
              />
            ) : null}
            <EditButton what="summary" onClick={() => setEditing(true)} />
          </span>
        ) : edited && props.edit === null ? (
          <span class="badge edited">Edited</span>
        ) : null}
      </div>
      <ErrorNote message={restore.error} />
      {editing && props.edit !== null ? <SummaryEditor edit={props.edit} recording={r} onClose={() => setEditing(false)} /> : null}
      {editing || r.shortSummary === '' ? null : <p class="short-summary">{r.shortSummary}</p>}
      {editing || r.detailedSummary === '' || r.detailedSummary === r.shortSummary ? null : (
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

export const Topics = (props: { runId: string; topics: Recording['topics']; edit: Editing | null }) => {
  const [editing, setEditing] = useState<string | null>(null)
  const restore = useTopicChange(props.edit ?? { runId: props.runId, onChanged: async () => {} })
  if (props.topics.length === 0) return null
  const percents = wholePercents(props.topics.map((t) => t.share))
  return (
    <section class="card" aria-labelledby="topics-title">
      <h2 id="topics-title">Topics</h2>
      <p class="hint">Share of the talk time</p>
      <ErrorNote message={restore.error} />
      <ul class="plain shares">
        {props.topics.map((t, i) => (
          <li key={t.id}>
            {editing === t.id && props.edit !== null ? (
              <TopicEditor edit={props.edit} topic={t} onClose={() => setEditing(null)} />
            ) : (
              <span class="share-label">
                <span class="topic-label">{t.label}</span>
                {t.edited === null ? null : props.edit === null ? (
                  <span class="badge edited">Edited</span>
                ) : (
                  <EditedMark what={`label of “${t.label}”`} busy={restore.busy} onRestore={() => void restore.send(t, null)} />
                )}
                {props.edit === null ? null : (
                  <button type="button" class="quiet small" onClick={() => setEditing(t.id)} aria-label={`Rename the topic “${t.label}”`}>
                    Rename
                  </button>
                )}
              </span>
            )}
            <ShareBar share={t.share} percent={percents[i] ?? 0} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export const Decisions = (props: { recording: Recording; onSeek: ((ms: number) => void) | null; edit: Editing | null }) => {
  const { decisions, edited } = props.recording
  const [editing, setEditing] = useState(false)
  const restore = useNotesChange(props.edit ?? { runId: props.recording.runId, onChanged: async () => {} })
  if (decisions.length === 0 && (props.edit === null || !props.recording.hasNotes)) return null
  return (
    <section class="card" aria-labelledby="decisions-title">
      <div class="section-head">
        <h2 id="decisions-title">Decisions</h2>
        {props.edit !== null && !editing ? (
          <span class="section-actions">
            {edited.decisions === null ? null : <EditedMark what="decisions" busy={restore.busy} onRestore={() => void restore.send({ decisions: null })} />}
            <EditButton what="decisions" onClick={() => setEditing(true)} />
          </span>
        ) : edited.decisions !== null && props.edit === null ? (
          <span class="badge edited">Edited</span>
        ) : null}
      </div>
      <ErrorNote message={restore.error} />
      {editing && props.edit !== null ? <DecisionsEditor edit={props.edit} decisions={decisions} onClose={() => setEditing(false)} /> : null}
      {!editing && decisions.length === 0 ? <p class="muted">No decisions.</p> : null}
      {editing ? null : <ul class="decisions">
        {decisions.map((d, i) => (
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
      </ul>}
    </section>
  )
}

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
