/**
 * The audio player and the transcript, tied together: a click on a line plays
 * from there, and while the audio plays the line being spoken is marked and
 * kept in view (unless the person is scrolling the transcript themselves).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Utterance } from '../../api.js'
import { formatClock } from '../../format.js'

/** A request to move the player, from elsewhere on the page (a decision's time, `?t=`); `n` makes a repeat a new request. */
export interface Seek {
  readonly ms: number
  readonly play: boolean
  readonly n: number
}

/** The last line started at `ms` (lines are in spoken order), or -1 before the first. */
export const lineAt = (lines: ReadonlyArray<Utterance>, ms: number): number => {
  let lo = 0
  let hi = lines.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((lines[mid]?.start_ms ?? 0) <= ms) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/**
 * Where the transcript's box should scroll to show `line` comfortably, or null when it already does:
 * a line above the box, or in its last quarter or below it, goes to a third of the way down, so
 * the lines that follow stay in view. Only the box scrolls, never the page. Measured from the
 * boxes on screen: `offsetTop` counts from the nearest positioned ancestor, which need not be
 * the box, and sent the playing line to the box's bottom edge.
 */
export const scrollTopFor = (box: Element, line: Element): number | null => {
  const b = box.getBoundingClientRect()
  const l = line.getBoundingClientRect()
  const inBox = l.top - b.top - box.clientTop
  if (inBox >= 0 && inBox + l.height <= box.clientHeight * 0.75) return null
  return Math.max(0, box.scrollTop + inBox - box.clientHeight / 3)
}

/** How long after the person last scrolled the transcript the player may scroll it again. */
const HANDS_OFF_MS = 4000

export interface TranscriptPlayerProps {
  readonly lines: ReadonlyArray<Utterance>
  readonly total: number
  /** The audio's address, or null when the recording has none. */
  readonly audioSrc: string | null
  readonly seek: Seek | null
  readonly loadingMore: boolean
  readonly onMore: () => void
}

export const TranscriptPlayer = (props: TranscriptPlayerProps) => {
  const audio = useRef<HTMLAudioElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const [active, setActive] = useState(-1)
  const userScrolledAt = useRef(0)
  const { lines } = props
  const more = lines.length < props.total

  const seekTo = (ms: number, play: boolean) => {
    setActive(lineAt(lines, ms))
    const a = audio.current
    if (a === null) return
    const go = () => {
      a.currentTime = ms / 1000
      if (play) a.play().catch(() => undefined)
    }
    // Before the metadata is read, setting the time is lost; wait for it.
    if (a.readyState >= HTMLMediaElement.HAVE_METADATA) go()
    else a.addEventListener('loadedmetadata', go, { once: true })
  }

  // A seek from outside the player (a link with ?t=, a decision's time): the audio moves and the line is shown.
  useEffect(() => {
    if (props.seek === null) return
    seekTo(props.seek.ms, props.seek.play)
    const line = list.current?.querySelector<HTMLElement>(`[data-line="${lineAt(lines, props.seek.ms)}"]`)
    line?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.seek?.n])

  // The marked line follows the audio, unless the person is reading elsewhere in the transcript.
  useEffect(() => {
    const box = list.current
    const line = box?.querySelector<HTMLElement>(`[data-line="${active}"]`)
    if (box == null || line == null || Date.now() - userScrolledAt.current < HANDS_OFF_MS) return
    const top = scrollTopFor(box, line)
    if (top !== null) box.scrollTo({ top, behavior: 'smooth' })
  }, [active])

  const onTime = () => {
    const a = audio.current
    if (a === null) return
    const ms = a.currentTime * 1000
    const i = lineAt(lines, ms)
    if (i !== active) setActive(i)
    // Playing past what is loaded: fetch the next part of the transcript.
    if (more && !props.loadingMore && i === lines.length - 1) props.onMore()
  }

  // A clicked line is the person's choice of where to read: the box may bring it up at once.
  const playFrom = (ms: number) => {
    userScrolledAt.current = 0
    seekTo(ms, true)
  }

  const touched = () => {
    userScrolledAt.current = Date.now()
  }

  return (
    <div class="player">
      {props.audioSrc === null ? null : (
        <audio ref={audio} class="audio" controls preload="metadata" src={props.audioSrc} aria-label="Recording audio" onTimeUpdate={onTime} onSeeked={onTime} />
      )}
      {lines.length === 0 ? (
        <p class="muted">The transcript is empty.</p>
      ) : (
        <ol
          class="transcript"
          ref={list}
          aria-label="Transcript"
          // Without a player the lines are text; the box itself then takes focus so a keyboard can scroll it.
          tabIndex={props.audioSrc === null ? 0 : -1}
          onWheel={touched}
          onTouchMove={touched}
          onPointerDown={touched}
          onKeyDown={(e) => {
            if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(e.key)) touched()
          }}
        >
          {lines.map((u, i) => {
            const current = i === active
            const body = (
              <>
                <span class="line-time">{formatClock(u.start_ms)}</span>
                <span class="line-speaker">{u.speaker}</span>
                <span class="line-text">{u.text}</span>
              </>
            )
            return (
              <li key={i} data-line={i}>
                {props.audioSrc === null ? (
                  <div class={`line${current ? ' current' : ''}`} aria-current={current ? 'true' : undefined}>
                    {body}
                  </div>
                ) : (
                  <button type="button" class={`line${current ? ' current' : ''}`} aria-current={current ? 'true' : undefined} onClick={() => playFrom(u.start_ms)}>
                    {body}
                  </button>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {more ? (
        <p class="transcript-more">
          <span class="muted">
            {lines.length} of {props.total} lines.
          </span>{' '}
          <button type="button" onClick={props.onMore} disabled={props.loadingMore}>
            {props.loadingMore ? 'Loading…' : 'Show more'}
          </button>
        </p>
      ) : null}
    </div>
  )
}
