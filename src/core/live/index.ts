/** Live: what happens in a bot's meeting while it happens, streamed to whoever may read its transcript. */
import { actorOfLiveToken, issueLiveToken, type LiveTokenDeps } from './live-token.js'
import { openLiveStream } from './open-live-stream.js'

export const liveUseCases = (deps: LiveTokenDeps) => ({
  /** A bot's live events after a seq (0: all that are buffered), then as they come. */
  open: openLiveStream(deps),
  /** A short-lived token that opens one run's stream without a key (browsers: EventSource, WebSocket). */
  issueToken: issueLiveToken(deps),
  /** The caller a live token stands for on a run's stream; 401 when it does not open that stream. */
  actorOfToken: actorOfLiveToken(deps),
})

export type { LiveDeps, LiveStream } from './open-live-stream.js'
export { MAX_REPLAY } from './open-live-stream.js'
export { LIVE_TOKEN_MINUTES, type LiveToken, type LiveTokenDeps } from './live-token.js'
