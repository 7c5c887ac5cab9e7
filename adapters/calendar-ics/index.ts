/** iCalendar feed provider: `createIcsProvider` for the sync, `parseIcs` for reading ICS text directly. */
export { createIcsProvider, type FeedFetch, type IcsProviderDeps } from './ics-provider.js'
export { parseIcs, type IcsParseOptions, type IcsParseResult } from './parse-ics.js'
