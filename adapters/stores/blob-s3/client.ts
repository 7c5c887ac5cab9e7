import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'

export interface S3Settings {
  /** An S3-compatible server's address (MinIO, Ceph, R2...); empty for AWS itself. */
  readonly endpoint: string
  readonly region: string
  readonly bucket: string
  /** Both empty: the SDK's own chain (AWS_* variables, instance or task role). */
  readonly accessKeyId: string
  readonly secretAccessKey: string
  /** bucket in the path (http://host/bucket/key), as most self-hosted servers need. */
  readonly forcePathStyle: boolean
}

export const s3Client = (settings: S3Settings): S3Client =>
  new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint === '' ? {} : { endpoint: settings.endpoint }),
    ...(settings.accessKeyId === '' && settings.secretAccessKey === ''
      ? {}
      : { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }),
    // Checksums only where S3 requires them: servers other than AWS often reject the newer default
    // (aws-chunked bodies with trailing checksums); TLS still guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })

/**
 * Readiness: one HeadBucket (no body, no listing), cancelled when `signal`
 * aborts. A refusal is put in words; the keys are never in the message.
 */
export const headBucket = async (client: S3Client, bucket: string, signal?: AbortSignal): Promise<void> => {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }), signal === undefined ? {} : { abortSignal: signal })
  } catch (e) {
    const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }
    const status = err.$metadata?.httpStatusCode
    const why =
      status === 404
        ? `the bucket "${bucket}" does not exist`
        : status === 403
          ? `access to the bucket "${bucket}" is refused: check NOTETAKER_S3_ACCESS_KEY_ID, NOTETAKER_S3_SECRET_ACCESS_KEY and the bucket's policy`
          : status === 301
            ? `the bucket "${bucket}" is in another region than NOTETAKER_S3_REGION`
            : `the bucket "${bucket}" could not be reached: ${err.message || err.name || String(e)}${status === undefined ? '' : ` (HTTP ${status})`}`
    throw new Error(`S3 did not answer: ${why}`, { cause: e })
  }
}
