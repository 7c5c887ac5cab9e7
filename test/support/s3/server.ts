import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../../../adapters/stores/blob-s3/client.js'

export interface TestS3 {
  readonly settings: S3Settings
  /** What the suite runs against, for its title. */
  readonly name: string
  close(): Promise<void>
}

/**
 * NOTETAKER_TEST_S3_ENDPOINT (+ _BUCKET, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY) points the suite at a
 * server of your own (MinIO, moto_server); otherwise s3rver, an S3-compatible server from npm,
 * runs in this process on loopback with its files in a temporary folder.
 */
export const startTestS3 = async (): Promise<TestS3> => {
  const env = process.env
  const endpoint = env.NOTETAKER_TEST_S3_ENDPOINT ?? ''
  if (endpoint !== '') {
    return {
      name: `s3 at ${endpoint}`,
      settings: {
        endpoint,
        region: env.NOTETAKER_TEST_S3_REGION ?? 'us-east-1',
        bucket: env.NOTETAKER_TEST_S3_BUCKET ?? 'notetaker-test',
        accessKeyId: env.NOTETAKER_TEST_S3_ACCESS_KEY_ID ?? 'test',
        secretAccessKey: env.NOTETAKER_TEST_S3_SECRET_ACCESS_KEY ?? 'test',
        forcePathStyle: true,
      },
      close: async () => {},
    }
  }
  const directory = await mkdtemp(join(tmpdir(), 'notetaker-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'notetaker-test', configs: [] }] })
  const address = await server.run()
  return {
    name: 's3 (s3rver)',
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      bucket: 'notetaker-test',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
