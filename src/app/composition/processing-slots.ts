/**
 * Jobs (processing, webhook deliveries, calendar syncs) one process runs at once, bots apart. One
 * account's processing takes at most one of them (workers.ts), and the CPU pool has a thread for
 * each at least (processing-adapters.ts), so another account's upload always finds a slot and a thread.
 */
export const PROCESSING_SLOTS = 2
