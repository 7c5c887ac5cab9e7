import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Core } from '../../../../src/core/build-core.js'
import { pageQuery, uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { CreateUploadBody, UploadCodec, uploadView, UploadPageCodec } from '../contract/uploads.js'

const uploadId = { uploadId: uuidPath('The upload id.') }

export const uploadRoutes = (core: Core) => [
  route({
    operationId: 'createUpload', method: 'post', path: '/uploads', tag: 'Uploads', access: 'write',
    summary: 'Start an upload (1 of 2)',
    description:
      'Creates the upload and its recording, deciding `kind` from the file name (another extension is 422). Then send the bytes with PUT /uploads/{uploadId}/content. Counts against the monthly recording allowance: at the cap, 409 with the reason.',
    body: CreateUploadBody,
    errors: ['CONFLICT'],
    errorNotes: {
      CONFLICT: 'The monthly recording allowance is spent (CONFLICT); the message says when it renews.',
      VALIDATION_ERROR:
        'A bad field (VALIDATION_ERROR, `details` names it). An audio file when the server has no speech-to-text engine configured is refused here, on `filename`, with how to configure one (or to upload a transcript file instead): nothing is created or counted. Audio in a `language` the engine cannot transcribe is refused the same way, on `language`.',
    },
    success: { status: 201, description: 'The upload, stage `pending`.', data: UploadCodec },
    handle: ({ actor, body }) =>
      pipe(core.uploads.createUpload(actor, body), TE.flatMap((u) => core.uploads.getUpload(actor, u.id)), TE.map((v) => ({ data: uploadView(v) }))),
  }),
  route({
    operationId: 'putUploadContent', method: 'put', path: '/uploads/{uploadId}/content', tag: 'Uploads', access: 'write',
    summary: 'Send the file (2 of 2)',
    description:
      'The raw bytes of the file as the request body (any Content-Type; streamed to storage, never held in memory). The size must equal the declared `byteSize` when one was given, and stay within the server limit (`NOTETAKER_MAX_UPLOAD_MB`, 500 MB by default): otherwise 422 on `content` and nothing is kept. An empty file is 422. A second content upload for the same record is 409. Processing starts at once; poll GET /uploads/{uploadId} until `stage` is `ready`.',
    params: uploadId,
    body: { bytes: 'application/octet-stream' },
    errors: ['CONFLICT'],
    errorNotes: { CONFLICT: 'The content of this upload was already sent (CONFLICT).' },
    success: { status: 200, description: 'The upload, stage `stored`.', data: UploadCodec },
    handle: ({ actor, params, raw }) =>
      pipe(
        core.uploads.storeUploadContent(actor, params.uploadId, raw),
        TE.flatMap((u) => core.uploads.getUpload(actor, u.id)),
        TE.map((v) => ({ data: uploadView(v) })),
      ),
  }),
  route({
    operationId: 'listUploads', method: 'get', path: '/uploads', tag: 'Uploads', access: 'read',
    summary: 'Uploads, newest first',
    description: 'The account\'s uploads, a page at a time, each with its `stage` (`pending` until the file is sent, then `stored`, `transcribing`, `analysing`, and `ready` or `failed` with `error`) and, while it is processed, `progress`.',
    query: pageQuery,
    success: { status: 200, description: 'A page of uploads.', data: UploadPageCodec },
    handle: ({ actor, query }) => pipe(core.uploads.listUploads(actor, query), TE.map((p) => ({ data: { ...p, rows: p.rows.map(uploadView) } }))),
  }),
  route({
    operationId: 'getUpload', method: 'get', path: '/uploads/{uploadId}', tag: 'Uploads', access: 'read',
    summary: 'One upload and its processing stage',
    description: 'Poll it after sending the file: `stage` moves `stored` → `transcribing` → `analysing` → `ready` (the notes can be read at `GET /recordings/{runId}`), or ends `failed` with `error` and `failedStage` in words; `progress` tells how far the current stage is. Another account\'s upload is 404.',
    params: uploadId,
    success: { status: 200, description: 'The upload.', data: UploadCodec },
    handle: ({ actor, params }) => pipe(core.uploads.getUpload(actor, params.uploadId), TE.map((v) => ({ data: uploadView(v) }))),
  }),
  route({
    operationId: 'retryUpload', method: 'post', path: '/uploads/{uploadId}/retry', tag: 'Uploads', access: 'write',
    summary: 'Process a failed upload again',
    description: 'Re-runs processing on the file already stored; nothing is re-sent. Only a `failed` upload can be retried (409 otherwise).',
    params: uploadId,
    errors: ['CONFLICT'],
    errorNotes: { CONFLICT: 'The upload is not in `failed` (CONFLICT).' },
    success: { status: 200, description: 'The upload, stage `stored`.', data: UploadCodec },
    handle: ({ actor, params }) =>
      pipe(core.uploads.retryUpload(actor, params.uploadId), TE.flatMap((u) => core.uploads.getUpload(actor, u.id)), TE.map((v) => ({ data: uploadView(v) }))),
  }),
]
