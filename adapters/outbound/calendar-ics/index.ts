/** iCalendar feed provider: `createIcsProvider` for the sync (its reader a dependency: `parseFeedHere`, or the CPU pool's), `parseIcs` for reading ICS text directly. */
export { createIcsProvider, FEED_PARSE_TIMEOUT_MS, type FeedFetch, type FeedParser, type IcsProviderDeps, parseFeedHere } from './ics-provider.js'
export { parseIcs, type IcsParseOptions, type IcsParseResult } from './parse-ics.js'
