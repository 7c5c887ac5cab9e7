/**
 * The bytes of an upload, from a file path, bytes or a stream, made into a fetch body.
 * Paths and bytes can be sent again on a retry; a stream is read once, so a call that
 * sends one is never retried.
 */

/**
 * What `uploads.upload` and `uploads.putContent` accept. A string (or a `file:` URL) is a
 * file path, never the content itself: send text as `new TextEncoder().encode(text)`.
 * Node's `Readable` is an `AsyncIterable`, so it is taken as it is.
 */
export type UploadData = string | URL | Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>

/** What fetch takes as a body (spelt so that it also compiles without the DOM lib, on @types/node alone). */
export type FetchBody = NonNullable<RequestInit['body']>

export interface PreparedBody {
  /** A body for one attempt (the same bytes each time when `resendable`). */
  readonly body: () => FetchBody
  /** The size when it is known without reading the data (a path, bytes, a Blob). */
  readonly byteSize: number | null
  readonly resendable: boolean
  /** The file's own name, for a path. */
  readonly filename: string | null
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/** Makes an AsyncIterable (a Node Readable) a web stream, read as fetch pulls it. */
const toWebStream = (source: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> => {
  const iterator = source[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done === true) controller.close()
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value)
    },
    async cancel(reason) {
      await iterator.return?.(reason)
    },
  })
}

export const prepareUploadData = async (data: UploadData): Promise<PreparedBody> => {
  if (typeof data === 'string' || data instanceof URL) {
    // Node only, loaded on use, so the rest of the client also runs where there is no file system.
    const [{ openAsBlob }, { fileURLToPath }] = await Promise.all([import('node:fs'), import('node:url')])
    const path = typeof data === 'string' ? data : fileURLToPath(data)
    // A file-backed Blob: streamed from disk, with a Content-Length, and readable again for a retry.
    const blob = await openAsBlob(path)
    return { body: () => blob, byteSize: blob.size, resendable: true, filename: baseName(path) }
  }
  if (data instanceof Uint8Array) return { body: () => data as unknown as FetchBody, byteSize: data.byteLength, resendable: true, filename: null }
  if (data instanceof ArrayBuffer) return { body: () => data, byteSize: data.byteLength, resendable: true, filename: null }
  if (data instanceof Blob) return { body: () => data, byteSize: data.size, resendable: true, filename: null }
  if (data instanceof ReadableStream) return { body: () => data, byteSize: null, resendable: false, filename: null }
  if (typeof data === 'object' && data !== null && Symbol.asyncIterator in data) {
    const stream = toWebStream(data)
    return { body: () => stream, byteSize: null, resendable: false, filename: null }
  }
  throw new TypeError('upload data must be a file path, a file: URL, a Uint8Array or Buffer, an ArrayBuffer, a Blob, a ReadableStream or a Node Readable')
}
