/** Step 2 of an upload, the file's bytes, with the transfer's progress (see send-file.ts). */
import type { Upload } from '../../api.js'
import { type Sending, sendFile } from '../../send-file.js'

export const sendContent = (o: {
  readonly uploadId: string
  readonly file: Blob
  readonly csrfToken: string
  readonly idempotencyKey: string
  readonly onProgress: (sent: number, total: number) => void
}): Sending<Upload> =>
  sendFile<Upload>({
    path: `/uploads/${encodeURIComponent(o.uploadId)}/content`,
    file: o.file,
    csrfToken: o.csrfToken,
    headers: { 'idempotency-key': o.idempotencyKey },
    onProgress: o.onProgress,
  })
