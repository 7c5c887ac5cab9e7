import type { BlobStore } from '../../../src/core/ports/blob-store.js'
import { s3BlobStore } from './blob-store.js'
import { headBucket, s3Client, type S3Settings } from './client.js'

export { s3BlobStore } from './blob-store.js'
export { headBucket, s3Client, type S3Settings } from './client.js'

/** The S3 blob store and its client, from the NOTETAKER_S3_* settings. */
export const openS3BlobStore = (
  settings: S3Settings,
): {
  readonly blobs: BlobStore
  /** Readiness: a HeadBucket on the bucket. */
  ping(signal?: AbortSignal): Promise<void>
  close(): Promise<void>
} => {
  if (settings.bucket === '') throw new Error('NOTETAKER_BLOBS=s3 needs NOTETAKER_S3_BUCKET, the bucket that holds the files')
  if ((settings.accessKeyId === '') !== (settings.secretAccessKey === '')) {
    throw new Error('NOTETAKER_S3_ACCESS_KEY_ID and NOTETAKER_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS_* variables or a role')
  }
  const client = s3Client(settings)
  return {
    blobs: s3BlobStore(client, settings.bucket),
    ping: (signal) => headBucket(client, settings.bucket, signal),
    close: async () => {
      client.destroy()
    },
  }
}
