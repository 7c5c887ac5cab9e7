/** Live: what happens in a bot's meeting while it happens, streamed to whoever may read its transcript. */
import { type LiveDeps, openLiveStream } from './open-live-stream.js'

export const liveUseCases = (deps: LiveDeps) => ({
  /** A bot's live events after a seq (0: all that are buffered), then as they come. */
  open: openLiveStream(deps),
})

export type { LiveDeps, LiveStream } from './open-live-stream.js'
export { MAX_REPLAY } from './open-live-stream.js'
