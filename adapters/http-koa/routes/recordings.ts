import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import type { Core } from '../../../src/index.js'
import { serveAudio } from '../audio-range.js'
import { pageOf } from '../envelope.js'
import { pageQuery, uuidPath, wordList } from '../params.js'
import { route } from '../route.js'
import { RecordingDetailCodec, RecordingRow, recordingDetail, recordingRow, TranscriptPage } from '../schemas/recordings.js'

const runIdParam = { runId: uuidPath('The recording (run) id.') }

export const recordingRoutes = (core: Core) => [
  route({
    operationId: 'listRecordings', method: 'get', path: '/recordings', tag: 'Recordings', access: 'read',
    summary: 'Recordings, newest first',
    description: 'From calendar meetings, manual bots and uploads, newest start first. A run superseded by a rescheduled meeting is left out, so a meeting appears once.',
    query: pageQuery,
    success: { status: 200, description: 'A page of recording rows.', data: pageOf(RecordingRow, 'RecordingPage') },
    handle: ({ actor, query }) =>
      pipe(core.recordings.listRecordings(actor, query), TE.map((p) => ({ data: { ...p, rows: p.rows.map(recordingRow) } }))),
  }),
  route({
    operationId: 'getRecording', method: 'get', path: '/recordings/{runId}', tag: 'Recordings', access: 'read',
    summary: 'One recording with its notes',
    description: 'Summaries, attendees, topics (share of talk time, summing to 1), action items and per-speaker statistics; empty until `hasNotes`. `include=transcript` adds every utterance.',
    params: runIdParam,
    query: { include: wordList({ words: ['transcript'], description: '`transcript` adds the utterances. Other values are refused (422).' }) },
    success: { status: 200, description: 'The recording detail.', data: RecordingDetailCodec },
    handle: ({ actor, params, query }) =>
      pipe(core.recordings.getRecording(actor, params.runId, query.include.includes('transcript')), TE.map((d) => ({ data: recordingDetail(d) }))),
  }),
  route({
    operationId: 'getRecordingTranscript', method: 'get', path: '/recordings/{runId}/transcript', tag: 'Recordings', access: 'read',
    summary: 'The transcript, a page of utterances in order',
    description: 'Rows are utterances `{start_ms, end_ms, speaker, text}` in spoken order; `scope` sits beside `rows` (`summary` scope gives empty rows).',
    params: runIdParam,
    query: pageQuery,
    success: { status: 200, description: 'A transcript page.', data: TranscriptPage },
    handle: ({ actor, params, query }) =>
      pipe(core.recordings.pageTranscript(actor, params.runId, query), TE.map(({ page, scope }) => ({ data: { ...page, rows: [...page.rows], scope } }))),
  }),
  route({
    operationId: 'getRecordingAudio', method: 'get', path: '/recordings/{runId}/audio', tag: 'Recordings', access: 'read',
    summary: 'The audio, seekable with HTTP Range',
    description:
      'Streams the stored audio with its own Content-Type (e.g. audio/wav, audio/mpeg, audio/webm), `Accept-Ranges: bytes` and Content-Length. One range per request (`bytes=0-99`, `bytes=100-`, `bytes=-500`) answers 206 with Content-Range; a range past the end answers 416 with `Content-Range: bytes */size`; other Range headers are ignored. A recording without audio (a transcript upload), or shared at summary scope, answers 404.',
    params: runIdParam,
    success: {
      status: 200,
      description: 'The whole audio file.',
      data: { stream: 'audio/*', headers: { 'Accept-Ranges': 'bytes', 'Content-Length': 'Bytes in this response.' } },
      extraStatuses: [
        { status: 206, description: 'The requested range, with Content-Range.' },
        { status: 416, description: 'The range starts past the end of the audio (Content-Range: bytes */size); a VALIDATION_ERROR envelope.' },
      ],
    },
    handle: ({ actor, params, headers }) =>
      pipe(core.recordings.openAudio(actor, params.runId), TE.flatMap((audio) => serveAudio(audio, headers['range'] as string | undefined))),
  }),
]
