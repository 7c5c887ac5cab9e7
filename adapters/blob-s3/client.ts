import { S3Client } from '@aws-sdk/client-s3'

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
