/**
 * The live transcript: each finished line with its speaker and time, the line still being spoken
 * under them as a preview, kept at the newest line unless the reader scrolled back to read.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { formatClock } from '../../format.js'
import type { LiveView } from './live-view.js'

/** Within this many pixels of the bottom counts as at the newest line (a fraction of a line). */
const AT_BOTTOM_PX = 24

const atBottom = (box: HTMLElement) => box.scrollHeight - box.scrollTop - box.clientHeight <= AT_BOTTOM_PX

export const LiveTranscript = (props: { view: LiveView; waiting: string }) => {
  const box = useRef<HTMLDivElement>(null)
  const [following, setFollowing] = useState(true)
  const { lines, partial } = props.view

  // After each change, a reader who follows sees the newest line; one who scrolled back stays where they are.
  useLayoutEffect(() => {
    const b = box.current
    if (b !== null && following) b.scrollTop = b.scrollHeight
  }, [lines.length, partial?.text, following])

  const jump = () => {
    const b = box.current
    if (b !== null) b.scrollTop = b.scrollHeight
    setFollowing(true)
  }

  return (
    <div class="live-transcript">
      <div
        ref={box}
        class="live-scroll"
        // Scrollable, so reachable by keyboard too (arrow keys scroll it).
        tabIndex={0}
        role="region"
        aria-label="Lines so far"
        data-following={following ? 'yes' : 'no'}
        onScroll={(e) => setFollowing(atBottom(e.currentTarget))}
      >
        {lines.length === 0 && partial === null ? <p class="muted">{props.waiting}</p> : null}
        {/* Finished lines only are announced; the growing preview would be read again at every word. */}
        <div role="log" aria-live="polite" aria-label="Finished lines">
          <ol class="live-lines">
          {lines.map((l) => (
            <li key={l.seq} data-seq={l.seq}>
              <span class="live-who">
                <strong>{l.speaker}</strong> <time class="muted">{formatClock(l.startMs)}</time>
              </span>
              <span class="live-text">{l.text}</span>
            </li>
          ))}
          </ol>
        </div>
        {partial === null ? null : (
          <p class="live-partial" data-testid="live-partial">
            <span class="live-who">
              <strong>{partial.speaker}</strong> <time class="muted">{formatClock(partial.startMs)}</time> <span class="badge busy">Live preview</span>
            </span>
            <span class="live-text">
              {partial.text}
              <span aria-hidden="true"> …</span>
            </span>
          </p>
        )}
      </div>
      {following ? null : (
        <button type="button" class="jump" onClick={jump}>
          Jump to the newest line ↓
        </button>
      )}
    </div>
  )
}
