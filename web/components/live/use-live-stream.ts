import { useEffect, useReducer, useRef, useState } from 'preact/hooks'
import { applyLive, EMPTY_LIVE, LIVE_KINDS, type LiveKind, type LiveView } from './live-view.js'

/**
 * - `connecting`: the first connection is being opened;
 * - `open`: events arrive;
 * - `reconnecting`: the connection dropped; EventSource opens it again by itself with Last-Event-ID;
 * - `closed`: the stream ended (the bot left, or is no longer in its meeting);
 * - `unavailable`: the server refused the stream (not this account's bot, or no live feed).
 */
export type LiveConnection = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'unavailable'

/**
 * A bot's live events as they come, through the browser's EventSource (the session cookie
 * authenticates it). After a drop EventSource reconnects with the last id it got, and the server
 * sends what came after; `applyLive` skips any seq it has, so a line is never lost or doubled.
 * `inMeeting` says whether the bot may still send anything: when the server closes the stream of a
 * bot that is not, the page stops there instead of reconnecting every few seconds.
 */
export const useLiveStream = (runId: string, inMeeting: () => boolean): { view: LiveView; connection: LiveConnection } => {
  const [view, take] = useReducer(applyLive, EMPTY_LIVE)
  const [connection, setConnection] = useState<LiveConnection>('connecting')
  const stillIn = useRef(inMeeting)
  stillIn.current = inMeeting
  useEffect(() => {
    const source = new EventSource(`/ext/v1/bots/${encodeURIComponent(runId)}/live`)
    let opened = false
    const listen = (kind: LiveKind) => (e: Event) => {
      const raw = (e as MessageEvent<string>).data
      let data: unknown
      try {
        data = JSON.parse(raw)
      } catch {
        console.warn(`A live "${kind}" event was not JSON, so it is not shown: ${raw.slice(0, 200)}`)
        return
      }
      take({ kind, data })
      if (kind === 'end') {
        source.close()
        setConnection('closed')
      }
    }
    for (const kind of LIVE_KINDS) source.addEventListener(kind, listen(kind))
    source.onopen = () => {
      opened = true
      setConnection('open')
    }
    source.onerror = () => {
      // EventSource gives up by itself only when the answer is not a stream (a 404, a 503).
      if (source.readyState === EventSource.CLOSED) return setConnection(opened ? 'closed' : 'unavailable')
      if (!stillIn.current()) {
        source.close()
        return setConnection('closed')
      }
      setConnection('reconnecting')
    }
    return () => source.close()
  }, [runId])
  return { view, connection }
}
