/**
 * Reads the outer layer of an ONNX model file (its ModelProto, protobuf) without the weights:
 * the IR version, the operator sets, the producer and the metadata, and checks the fields
 * fit the file exactly. A file that is not ONNX, or was cut short, is told apart in words
 * here, before a native library reads it: onnxruntime aborts the whole process on a file it
 * cannot parse. Synchronous: reads a few kB however large the model.
 */
import { readSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { readModelFile } from './read-model-file.js'

export interface OnnxInfo {
  readonly irVersion: number
  readonly opsets: ReadonlyArray<{ readonly domain: string; readonly version: number }>
  readonly producer: string
  /** The model's `metadata_props`, where sherpa-onnx and others keep what their loaders need. */
  readonly metadata: Readonly<Record<string, string>>
  readonly bytes: number
}

class Broken extends Error {}
class Truncated extends Error {}

/** Positioned reads of a file through a small window, so walking it costs a few reads. */
class FileReader {
  private window = Buffer.alloc(0)
  private windowAt = 0
  offset = 0
  constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}

  private fill(at: number, n: number) {
    if (at >= this.windowAt && at + n <= this.windowAt + this.window.length) return
    const length = Math.min(Math.max(n, 64 * 1024), this.size - at)
    const b = Buffer.alloc(length)
    readSync(this.fd, b, 0, length, at)
    this.window = b
    this.windowAt = at
  }

  byte(): number {
    if (this.offset >= this.size) throw new Truncated()
    this.fill(this.offset, 1)
    return this.window[this.offset++ - this.windowAt]!
  }

  bytes(n: number): Buffer {
    if (this.offset + n > this.size) throw new Truncated()
    this.fill(this.offset, n)
    const b = this.window.subarray(this.offset - this.windowAt, this.offset - this.windowAt + n)
    this.offset += n
    return Buffer.from(b)
  }

  /** A varint up to 2^53; wider ones (negative int64s) are skipped as such and read as NaN. */
  varint(): number {
    let value = 0
    let scale = 1
    for (let i = 0; i < 10; i++) {
      const b = this.byte()
      value += (b & 0x7f) * scale
      if ((b & 0x80) === 0) return value <= Number.MAX_SAFE_INTEGER ? value : Number.NaN
      scale *= 128
    }
    throw new Broken('a number in it runs on too long')
  }

  skip(n: number) {
    if (this.offset + n > this.size) throw new Truncated()
    this.offset += n
  }
}

/** Reads the fields of a small message held in `buf` (metadata entries, operator sets). */
const fieldsOf = (buf: Buffer): Array<{ field: number; wire: number; value: number | Buffer }> => {
  const out: Array<{ field: number; wire: number; value: number | Buffer }> = []
  let at = 0
  const varint = () => {
    let value = 0
    let scale = 1
    for (let i = 0; i < 10; i++) {
      if (at >= buf.length) throw new Broken('a field in it is cut short')
      const b = buf[at++]!
      value += (b & 0x7f) * scale
      if ((b & 0x80) === 0) return value
      scale *= 128
    }
    throw new Broken('a number in it runs on too long')
  }
  while (at < buf.length) {
    const tag = varint()
    const field = Math.floor(tag / 8)
    const wire = tag % 8
    if (wire === 0) out.push({ field, wire, value: varint() })
    else if (wire === 2) {
      const n = varint()
      if (at + n > buf.length) throw new Broken('a field in it is cut short')
      out.push({ field, wire, value: buf.subarray(at, at + n) })
      at += n
    } else if (wire === 1 || wire === 5) at += wire === 1 ? 8 : 4
    else throw new Broken(`it has a field of an unknown kind (${wire})`)
  }
  if (at !== buf.length) throw new Broken('a field in it is cut short')
  return out
}

const text = (fields: ReturnType<typeof fieldsOf>, n: number): string => {
  const f = fields.find((x) => x.field === n && x.wire === 2)
  return f === undefined ? '' : (f.value as Buffer).toString('utf8')
}

/** ModelProto's fields (onnx.proto) and the wire type each must have: 0 a number, 2 bytes. */
const MODEL_FIELDS: Record<number, 0 | 2> = { 1: 0, 2: 2, 3: 2, 4: 2, 5: 0, 6: 2, 7: 2, 8: 2, 14: 2, 20: 2, 25: 2 }
/** Small fields read whole; the graph and anything large are skipped. */
const READ_WHOLE = new Set([2, 8, 14])
const MAX_SMALL_FIELD = 1 << 20

const walk = (r: FileReader): OnnxInfo => {
  let irVersion: number | null = null
  let graph = false
  let producer = ''
  const opsets: Array<{ domain: string; version: number }> = []
  const metadata: Record<string, string> = {}
  while (r.offset < r.size) {
    const tag = r.varint()
    const field = Math.floor(tag / 8)
    const wire = tag % 8
    if (field === 0 || Number.isNaN(tag)) throw new Broken('it does not start like a protobuf message')
    const expected = MODEL_FIELDS[field]
    if (expected !== undefined && expected !== wire) throw new Broken(`its field ${field} has the wrong kind`)
    if (wire === 0) {
      const value = r.varint()
      if (field === 1) irVersion = value
    } else if (wire === 1 || wire === 5) r.skip(wire === 1 ? 8 : 4)
    else if (wire === 2) {
      const n = r.varint()
      if (Number.isNaN(n)) throw new Broken('a length in it is out of range')
      if (field === 7) graph = true
      if (READ_WHOLE.has(field) && n <= MAX_SMALL_FIELD) {
        const body = r.bytes(n)
        if (field === 2) producer = body.toString('utf8')
        else if (field === 8) {
          const f = fieldsOf(body)
          opsets.push({ domain: text(f, 1), version: (f.find((x) => x.field === 2 && x.wire === 0)?.value as number | undefined) ?? 0 })
        } else {
          const f = fieldsOf(body)
          metadata[text(f, 1)] = text(f, 2)
        }
      } else r.skip(n)
    } else throw new Broken('it does not start like a protobuf message')
  }
  // The first release of the format is IR version 3; the field is required.
  if (irVersion === null || irVersion < 3 || irVersion > 100) throw new Broken('it names no ONNX IR version')
  if (!graph) throw new Broken('it has no graph')
  if (opsets.length === 0) throw new Broken('it names no operator set')
  return { irVersion, opsets, producer, metadata, bytes: r.size }
}

/** The model's outer fields, or in words why the file is not a whole ONNX model. */
export const readOnnxInfo = (path: string): E.Either<string, OnnxInfo> =>
  readModelFile(
    path,
    (fd, size) => (size === 0 ? E.left('it is empty, not an ONNX model') : E.right(walk(new FileReader(fd, size)))),
    (e) =>
      e instanceof Truncated
        ? 'it is not a whole ONNX model (the file is cut short, or is not ONNX)'
        : e instanceof Broken
          ? `it is not an ONNX model: ${e.message}`
          : undefined,
  )

/** Whether a catalog file is an ONNX model, by its name. */
export const isOnnxFile = (fileName: string) => fileName.toLowerCase().endsWith('.onnx')
