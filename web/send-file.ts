/**
 * A file as a request's whole body (PUT), with XMLHttpRequest: fetch cannot report how much
 * of a request body has gone out, and a person watching a large file wants to see it move.
 * Answers the envelope's `data`; a refusal rejects as the typed client's calls do (NotetakerApiError).
 */
import { codeOfStatus, NotetakerApiError, NotetakerConnectionError } from '../clients/typescript/src/errors.js'

export interface Sending<A> {
  readonly done: Promise<A>
  readonly abort: () => void
}

export interface SendFileOptions {
  /** Under /ext/v1, e.g. `/uploads/u_1/content`. */
  readonly path: string
  readonly file: Blob
  readonly csrfToken: string
  readonly headers?: Readonly<Record<string, string>>
  readonly onProgress: (sent: number, total: number) => void
}

/** A refusal as the typed client reports one: the envelope's message, details and status; a sentence about the status without it. */
const failureOf = (xhr: XMLHttpRequest, path: string): NotetakerApiError => {
  const common = { status: xhr.status, requestId: xhr.getResponseHeader('x-request-id'), method: 'PUT', path, attempts: 1 }
  try {
    const e = (JSON.parse(xhr.responseText) as { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } }).error
    return new NotetakerApiError({ ...common, code: e.code as NotetakerApiError['code'], message: e.message, details: e.details })
  } catch {
    return new NotetakerApiError({ ...common, code: codeOfStatus(xhr.status), message: `The server answered ${xhr.status} ${xhr.statusText}`.trim() })
  }
}

export const sendFile = <A>(o: SendFileOptions): Sending<A> => {
  const xhr = new XMLHttpRequest()
  const done = new Promise<A>((resolve, reject) => {
    xhr.open('PUT', `/ext/v1${o.path}`)
    xhr.setRequestHeader('content-type', o.file.type === '' ? 'application/octet-stream' : o.file.type)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('x-csrf-token', o.csrfToken)
    for (const [name, value] of Object.entries(o.headers ?? {})) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (e) => o.onProgress(e.loaded, e.lengthComputable ? e.total : o.file.size)
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { data: A }).data)
        } catch {
          reject(new Error('The server’s answer could not be read.'))
        }
      } else reject(failureOf(xhr, o.path))
    }
    xhr.onerror = () =>
      reject(new NotetakerConnectionError({ message: 'The connection to the server was lost while sending the file.', cause: null, method: 'PUT', path: o.path, attempts: 1 }))
    xhr.onabort = () => reject(new Error('Sending the file was stopped.'))
    xhr.send(o.file)
  })
  return { done, abort: () => xhr.abort() }
}
