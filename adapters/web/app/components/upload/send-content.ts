/**
 * Step 2 of an upload, the file's bytes, with XMLHttpRequest: fetch cannot report
 * how much of a request body has gone out, and a person watching a large file
 * wants to see it move.
 */
import { errorWords, type Upload } from '../../api.js'

export interface Sending {
  readonly done: Promise<Upload>
  readonly abort: () => void
}

/** The API's words from an error envelope, or a sentence about the status. */
const failureOf = (xhr: XMLHttpRequest): string => {
  try {
    const e = (JSON.parse(xhr.responseText) as { error: { message: string; details?: Array<{ path?: string; message: string }> } }).error
    return errorWords(e.message, e.details)
  } catch {
    return `The server answered ${xhr.status} ${xhr.statusText}`.trim()
  }
}

export const sendContent = (o: {
  readonly uploadId: string
  readonly file: Blob
  readonly csrfToken: string
  readonly idempotencyKey: string
  readonly onProgress: (sent: number, total: number) => void
}): Sending => {
  const xhr = new XMLHttpRequest()
  const done = new Promise<Upload>((resolve, reject) => {
    xhr.open('PUT', `/ext/v1/uploads/${encodeURIComponent(o.uploadId)}/content`)
    xhr.setRequestHeader('content-type', o.file.type === '' ? 'application/octet-stream' : o.file.type)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('x-csrf-token', o.csrfToken)
    xhr.setRequestHeader('idempotency-key', o.idempotencyKey)
    xhr.upload.onprogress = (e) => o.onProgress(e.loaded, e.lengthComputable ? e.total : o.file.size)
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { data: Upload }).data)
        } catch {
          reject(new Error('The server’s answer could not be read.'))
        }
      } else reject(new Error(failureOf(xhr)))
    }
    xhr.onerror = () => reject(new Error('The connection to the server was lost while sending the file.'))
    xhr.onabort = () => reject(new Error('Sending the file was stopped.'))
    xhr.send(o.file)
  })
  return { done, abort: () => xhr.abort() }
}
