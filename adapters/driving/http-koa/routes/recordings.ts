import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { INCLUDED_UTTERANCES, type RecordingDetail } from '../../../../src/core/recordings/index.js'
import type { Core } from '../../../../src/core/build-core.js'
import { serveAudio } from '../exchange/audio-range.js'
import { MAX_PAGE_LIMIT, pageQuery, uuidPath, wordList } from '../dispatch/params.js'
import { API_PREFIX, route } from '../route.js'
import { RECORDING_FILTER_ERRORS, recordingFilterQuery, recordingFilters } from '../contract/recording-query.js'
import { RecordingDetailCodec, recordingDetail, recordingRow, TranscriptPage, RecordingPageCodec } from '../contract/recordings.js'

const runIdParam = { runId: uuidPath('The recording (run) id.') }

/** Where the rest of an included transcript is, when it did not all fit. */
const moreTranscript = (d: RecordingDetail): Record<string, string> => {
  if (d.transcript._tag === 'None' || d.transcript.value.rows.length >= d.transcript.value.total) return {}
  const next = `${API_PREFIX}/recordings/${d.run.id}/transcript?limit=${MAX_PAGE_LIMIT}&offset=${d.transcript.value.rows.length}`
  return { link: `<${next}>; rel="next"` }
}

export const recordingRoutes = (core: Core) => [
  route({
    operationId: 'listRecordings', method: 'get', path: '/recordings', tag: 'Recordings', access: 'read',
    summary: 'Recordings, newest first; filtered and searched',
    description:
      'From calendar meetings, manual bots and uploads, newest start first, the caller\'s own and those shared with the caller\'s email. A run superseded by a rescheduled meeting is left out, so a meeting appears once. ' +
      'The filters `from`, `to` (on the start), `origin`, `state`, `phase` and `owned` combine (all must hold), also with the search `q`; `total` counts what they keep. ' +
      'With `q`, rows come most relevant first and each carries `match` (the field, a snippet with the matched words marked, and for a transcript the utterance\'s time `atMs` to seek to); without it `match` is null.',
    query: { ...pageQuery, ...recordingFilterQuery },
    errorNotes: { VALIDATION_ERROR: RECORDING_FILTER_ERRORS },
    success: { status: 200, description: 'A page of recording rows.', data: RecordingPageCodec },
    handle: ({ actor, query }) =>
      pipe(
        core.recordings.listRecordings(actor, { limit: query.limit, offset: query.offset }, recordingFilters(query)),
        TE.map((p) => ({ data: { ...p, rows: p.rows.map(recordingRow) } })),
      ),
  }),
  route({
    operationId: 'getRecording', method: 'get', path: '/recordings/{runId}', tag: 'Recordings', access: 'read',
    summary: 'One recording with its notes',
    description: `Summaries, attendees, topics (share of talk time, summing to 1), action items, decisions and per-speaker statistics (each speaker with a stable \`id\` to rename it by), with the edits people made (PATCH …/speakers/{speakerId}, …/action-items/{itemId}) applied; empty until \`hasNotes\`. \`include=transcript\` adds the utterances, the first ${INCLUDED_UTTERANCES.toLocaleString('en')} at most, and \`transcriptTotal\`; when there are more, a \`Link\` header (\`rel="next"\`) points to the next page of \`GET /recordings/{runId}/transcript\`.`,
    params: runIdParam,
    query: { include: wordList({ words: ['transcript'], description: '`transcript` adds the utterances. Other values are refused (422).' }) },
    success: {
      status: 200,
      description: 'The recording detail.',
      data: RecordingDetailCodec,
      headers: { Link: 'With `include=transcript`, when the transcript has more utterances than the answer holds: `<...>; rel="next"`, the next page of the transcript route.' },
    },
    handle: ({ actor, params, query }) =>
      pipe(
        core.recordings.getRecording(actor, params.runId, query.include.includes('transcript')),
        TE.map((d) => ({ data: recordingDetail(d), headers: moreTranscript(d) })),
      ),
  }),
  route({
    operationId: 'getRecordingTranscript', method: 'get', path: '/recordings/{runId}/transcript', tag: 'Recordings', access: 'read',
    summary: 'The transcript, a page of utterances in order',
    description: 'Rows are utterances `{start_ms, end_ms, speaker, text}` in spoken order, `speaker` the name people gave the speaker (PATCH /recordings/{runId}/speakers/{speakerId}) or else the transcript\'s label; `scope` sits beside `rows` (`summary` scope gives empty rows).',
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
      'Streams the stored audio with its own Content-Type (e.g. audio/wav, audio/mpeg, audio/webm), `Accept-Ranges: bytes` and Content-Length. One range per request (`bytes=0-99`, `bytes=100-`, `bytes=-500`) answers 206 with Content-Range; a suffix longer than the file gives the whole file as 206; a range starting past the end answers 416 with `Content-Range: bytes */size`; several ranges, a reversed or malformed range and other units are ignored (200, the whole file). A recording without audio (a transcript upload), or shared at summary scope, answers 404.\n\n' +
      'Every answer carries validators (RFC 9110 §8.8): a strong `ETag`, which changes whenever the stored file does (a bot still recording appends to it) and only then, and `Last-Modified`, when the file was stored. Conditional requests are evaluated in the order of RFC 9110 §13.2.2: `If-Match` (strong comparison, `*` matches) or, without it, `If-Unmodified-Since` failing answers 412; `If-None-Match` matching (weak comparison, `*` matches) answers 304, and so does, without `If-None-Match`, an `If-Modified-Since` not earlier than `Last-Modified`. `If-Range` (§13.1.5) lets a Range through only when it holds: the current strong ETag, or exactly `Last-Modified` when that is at least a second older than the answer\'s Date; a stale or weak validator, or an unreadable one, gets the whole file (200), so a resumed download never joins two versions of a file. Unreadable dates in the other headers are ignored, as the RFC says.',
    params: runIdParam,
    success: {
      status: 200,
      description: 'The whole audio file.',
      data: {
        stream: 'audio/*',
        headers: {
          'Accept-Ranges': 'bytes',
          'Content-Length': 'Bytes in this response.',
          ETag: 'A strong entity-tag of the stored file: the same while the file is the same, another once it changes.',
          'Last-Modified': 'When the stored file last changed (an HTTP-date).',
        },
      },
      extraStatuses: [
        { status: 206, description: 'The requested range, with Content-Range (and the same ETag and Last-Modified).', headers: { 'Content-Range': 'bytes first-last/size' } },
        {
          status: 304,
          description: 'Not modified: If-None-Match matched the ETag, or (without If-None-Match) the file has not changed since If-Modified-Since. No body.',
          headers: { ETag: 'The current entity-tag.', 'Last-Modified': 'When the stored file last changed.' },
        },
        {
          status: 412,
          description: 'A precondition failed: If-Match names another ETag (the file has changed), or the file changed after If-Unmodified-Since; a VALIDATION_ERROR envelope whose details[].path names the header.',
          headers: { ETag: 'The current entity-tag.' },
          envelope: true,
        },
        { status: 416, description: 'The range starts past the end of the audio (Content-Range: bytes */size); a VALIDATION_ERROR envelope.', envelope: true },
      ],
    },
    handle: ({ actor, params, headers }) =>
      pipe(core.recordings.openAudio(actor, params.runId), TE.flatMap((audio) => serveAudio(audio, headers, new Date()))),
  }),
]
