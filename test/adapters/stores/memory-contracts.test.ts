import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { memoryRateLimiter } from '../../../adapters/stores/memory/rate-limiter.js'
import { memoryStores } from '../../../adapters/stores/memory/stores.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { blobStoreContract, liveFeedContract, rateLimiterContract, runPortContracts } from '../../../src/contracts/index.js'

runPortContracts('memory', () => memoryStores({ idempotencyRetentionMs: 3_600_000, newId: randomIds.uuid }))
rateLimiterContract('memory', () => memoryRateLimiter({ limit: 3, windowSeconds: 60 }))
blobStoreContract('memory', () => memoryBlobStore())
liveFeedContract('memory', async () => {
  const feed = memoryLiveFeed()
  return { a: feed, b: feed }
})
