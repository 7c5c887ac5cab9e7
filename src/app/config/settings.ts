/**
 * Every environment variable the service reads: how it is decoded, its default
 * and what it means. `loadConfig` decodes them; docs/configuration.md and
 * `notetaker --help` are written from this table (a test keeps the page in step).
 */
import * as t from 'io-ts'
import { DEFAULT_PLAN_KEY, DEFAULT_PLANS } from '../../core/domain/identity/account.js'
import { OUTCOMES } from '../../../adapters/bots/simulated/outcomes.js'
import { GOOGLE_API_BASE_URL, GOOGLE_AUTHORIZE_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL } from '../../../adapters/outbound/calendar-google/deps.js'
import { MICROSOFT_DEFAULT_TENANT, MICROSOFT_GRAPH_BASE_URL, MICROSOFT_LOGIN_BASE_URL } from '../../../adapters/outbound/calendar-microsoft/deps.js'
import { flag, HttpAddress, intFromEnv, MailFrom, oneOf, PlanList, PublicUrl, SecretKey, SmtpUrl, Tenant } from './codecs.js'

export const SETTING_GROUPS = ['Server', 'Stores', 'Limits and security', 'Processing', 'Bots and the recording engine', 'Calendars', 'Webhooks', 'Mail'] as const
export type SettingGroup = (typeof SETTING_GROUPS)[number]

export interface Setting<C extends t.Mixed = t.Mixed> {
  readonly codec: C
  /** Used when the variable is unset or empty; '' means "none". */
  readonly fallback: string
  readonly group: SettingGroup
  /** What it does, in a sentence or two of Markdown. */
  readonly meaning: string
}

const setting = <C extends t.Mixed>(codec: C, fallback: string, group: SettingGroup, meaning: string): Setting<C> => ({ codec, fallback, group, meaning })
const int = (name: string, min: number, max: number, fallback: string, group: SettingGroup, meaning: string) =>
  setting(intFromEnv(name, min, max), fallback, group, `${meaning} (${min} to ${max.toLocaleString('en')}).`)

export const SETTINGS = {
  PORT: int('PORT', 0, 65535, '8080', 'Server', 'HTTP port; `0` picks a free one'),
  HOST: setting(t.string, '127.0.0.1', 'Server', 'Address to listen on; `0.0.0.0` to serve other machines.'),
  NOTETAKER_PUBLIC_URL: setting(
    PublicUrl,
    '',
    'Server',
    'The address clients reach Notetaker at, e.g. `https://notes.example.com` (a path prefix is kept); the OpenAPI document names it, followed by `/ext/v1`, as its server, invite and share links point at its web app (`/join#token=…`), and webhook payloads link to a recording\'s page in the web app with it (`recordingUrl`; null when unset). Unset, the document and the invite and share links name the address the request was made at (the `Host` header, checked to be a host and port, and `https` when the connection itself is TLS), or `/ext/v1` alone when `Host` is not one. Set it behind a reverse proxy, which Notetaker does not trust for `X-Forwarded-*`.',
  ),
  DATA_DIR: setting(t.string, './data', 'Server', 'Where the SQLite database (`notetaker.db`), stored files (`files/`) and the generated secret key (`secret.key`) live.'),
  LOG_LEVEL: setting(
    oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    'info',
    'Server',
    'How much is logged. At `info`, a summary of each minute\'s requests; each request has its own line at `debug` (a failed one at `warn`).',
  ),
  LOG_FORMAT: setting(
    oneOf('auto', 'json', 'pretty'),
    'auto',
    'Server',
    '`json`: one JSON object a line (pino), for log collectors; `pretty`: readable lines; `auto`: readable when standard output is a terminal, JSON otherwise.',
  ),
  NOTETAKER_MAX_CONNECTIONS: int(
    'NOTETAKER_MAX_CONNECTIONS',
    1,
    1_000_000,
    '1024',
    'Server',
    'Most open client connections, idle keep-alive ones included; a connection beyond it is closed as soon as it is accepted (and logged at `warn`, at most once a minute). Keep it well under the open-file limit (`ulimit -n`): the database, stored files and outgoing calls need descriptors too',
  ),
  NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS: int(
    'NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS',
    0,
    1_000_000,
    '128',
    'Server',
    'Most open connections from one client address, so that one client cannot take the whole of `NOTETAKER_MAX_CONNECTIONS`; a connection beyond it is answered 429 `RATE_LIMITED` and closed at once (logged at `warn`, at most once a minute). `0`: no limit per address. **Behind a reverse proxy** every connection comes from the proxy: set it to `0` or to at least the proxy\'s pool of connections (and limit clients at the proxy)',
  ),
  NOTETAKER_HEADERS_TIMEOUT_SECONDS: int(
    'NOTETAKER_HEADERS_TIMEOUT_SECONDS',
    1,
    300,
    '20',
    'Server',
    'Time a client has to send a request\'s headers, from the moment it connects (or, on a kept-alive connection, starts its next request); a client that sends nothing or trickles its headers gets 408 and is closed. Capped at the request timeout',
  ),
  NOTETAKER_REQUEST_TIMEOUT_SECONDS: int(
    'NOTETAKER_REQUEST_TIMEOUT_SECONDS',
    1,
    86_400,
    '1800',
    'Server',
    'Time a client has to send a whole request, body included. Uploads stream through one request: the default 30 minutes lets 500 MB through at about 2.3 Mbit/s; raise it along with `NOTETAKER_MAX_UPLOAD_MB`, or for slow links',
  ),
  NOTETAKER_KEEP_ALIVE_TIMEOUT_SECONDS: int(
    'NOTETAKER_KEEP_ALIVE_TIMEOUT_SECONDS',
    1,
    600,
    '65',
    'Server',
    'How long an idle keep-alive connection stays open for the next request. Behind a load balancer or reverse proxy, keep it above the proxy\'s own idle timeout (60 s on many), so the proxy never reuses a connection the server is closing',
  ),

  NOTETAKER_STORE: setting(
    oneOf('sqlite', 'memory', 'postgres'),
    'sqlite',
    'Stores',
    '`sqlite` (one process, the default), `postgres` (production: needs `DATABASE_URL`) or `memory` (nothing kept; for trials and tests).',
  ),
  DATABASE_URL: setting(
    t.string,
    '',
    'Stores',
    'With `NOTETAKER_STORE=postgres`: the database, e.g. `postgres://notetaker:secret@db.internal:5432/notetaker` (`?options=-c%20search_path%3Dnotetaker` picks a schema). Never repeated in a message.',
  ),
  REDIS_URL: setting(t.string, '', 'Stores', 'Redis, e.g. `redis://127.0.0.1:6379`, for the two settings below; with `NOTETAKER_STORE=postgres` it also carries the live feed (Postgres does without it).'),
  NOTETAKER_RATE_LIMITER: setting(oneOf('memory', 'redis'), 'memory', 'Stores', '`redis` shares each API key\'s request budget across processes (needs `REDIS_URL`).'),
  NOTETAKER_IDEMPOTENCY: setting(oneOf('store', 'redis'), 'store', 'Stores', '`redis` keeps idempotency keys in Redis instead of the store.'),
  NOTETAKER_BLOBS: setting(oneOf('fs', 's3'), 'fs', 'Stores', '`s3` keeps audio and transcripts in an S3-compatible bucket instead of `DATA_DIR/files`.'),
  NOTETAKER_S3_ENDPOINT: setting(t.string, '', 'Stores', 'The S3-compatible service, e.g. `https://s3.example.com`; empty for AWS.'),
  NOTETAKER_S3_REGION: setting(t.string, 'us-east-1', 'Stores', 'The bucket\'s region.'),
  NOTETAKER_S3_BUCKET: setting(t.string, '', 'Stores', 'The bucket (required with `NOTETAKER_BLOBS=s3`).'),
  NOTETAKER_S3_ACCESS_KEY_ID: setting(t.string, '', 'Stores', 'Access key; without one, the AWS SDK\'s usual sources (environment, role) are used.'),
  NOTETAKER_S3_SECRET_ACCESS_KEY: setting(t.string, '', 'Stores', 'Secret of that access key.'),
  NOTETAKER_S3_FORCE_PATH_STYLE: setting(flag('NOTETAKER_S3_FORCE_PATH_STYLE'), 'false', 'Stores', '`true` addresses the bucket in the path (`https://host/bucket/key`), as most self-hosted S3 services need.'),

  NOTETAKER_RATE_LIMIT: int('NOTETAKER_RATE_LIMIT', 1, 1_000_000, '600', 'Limits and security', 'Requests one API key may make per window'),
  NOTETAKER_RATE_WINDOW_SECONDS: int('NOTETAKER_RATE_WINDOW_SECONDS', 1, 86_400, '60', 'Limits and security', 'The rate-limit window (sliding), in seconds'),
  NOTETAKER_IDEMPOTENCY_HOURS: int('NOTETAKER_IDEMPOTENCY_HOURS', 1, 720, '24', 'Limits and security', 'How long an `Idempotency-Key` is remembered'),
  NOTETAKER_AUTH_CACHE_SECONDS: int(
    'NOTETAKER_AUTH_CACHE_SECONDS',
    0,
    300,
    '5',
    'Limits and security',
    'How long a process keeps a looked-up API key and account in memory (`0` turns it off). Changes made through the same process apply at once; a key revoked by another process (e.g. `notetaker keys revoke`) stops working within this time',
  ),
  NOTETAKER_SESSION_DAYS: int('NOTETAKER_SESSION_DAYS', 1, 365, '14', 'Limits and security', 'How long a web app sign-in lasts before the browser must sign in again'),
  NOTETAKER_SIGNIN_ATTEMPTS: int(
    'NOTETAKER_SIGNIN_ATTEMPTS',
    1,
    10_000,
    '10',
    'Limits and security',
    'Sign-in attempts (`POST /ext/v1/session`, successful ones included) allowed per email per window; each client address gets five times as many. Counted apart from the API\'s rate limit, on the same limiter (`NOTETAKER_RATE_LIMITER`)',
  ),
  NOTETAKER_SIGNIN_WINDOW_SECONDS: int('NOTETAKER_SIGNIN_WINDOW_SECONDS', 1, 86_400, '900', 'Limits and security', 'The sign-in attempt window (sliding), in seconds'),
  NOTETAKER_MAX_UPLOAD_MB: int('NOTETAKER_MAX_UPLOAD_MB', 1, 10_240, '500', 'Limits and security', 'Largest upload accepted, in MB'),
  NOTETAKER_MAX_TRANSCRIPT_MB: int(
    'NOTETAKER_MAX_TRANSCRIPT_MB',
    1,
    1024,
    '50',
    'Limits and security',
    'Largest transcript file accepted, in MB (transcripts are read whole; audio has the upload limit). A larger one is refused with 422 at `POST /uploads` or when its content is sent',
  ),
  NOTETAKER_MAX_UTTERANCES: int(
    'NOTETAKER_MAX_UTTERANCES',
    1,
    10_000_000,
    '100000',
    'Limits and security',
    'Most utterances one recording may have (about 100 hours of talk at the default); a transcript with more fails to process with a message saying so',
  ),
  NOTETAKER_PLANS: setting(
    PlanList,
    JSON.stringify(DEFAULT_PLANS),
    'Limits and security',
    'The plans: a JSON array of `{"key","paid","monthlyRecordings"}` (`monthlyRecordings` is the monthly recording allowance; null is unlimited). The default has `self-hosted` (unlimited) plus `free` (25) and `pro` (500) for those who sell the service; change an account\'s plan with `notetaker accounts set-plan`.',
  ),
  NOTETAKER_DEFAULT_PLAN: setting(t.string, DEFAULT_PLAN_KEY, 'Limits and security', 'Plan of the first start\'s account, of accounts created by `notetaker accounts create` without `--plan`, and of accounts made by opening an invite or share link; one of `NOTETAKER_PLANS` (the start refuses otherwise). Existing accounts keep theirs: change one with `notetaker accounts set-plan` or in Settings → Plans.'),
  NOTETAKER_OWNER_EMAIL: setting(t.string, 'owner@notetaker.localhost', 'Limits and security', 'Email of the account created on the first start.'),
  NOTETAKER_SECRET_KEY: setting(
    SecretKey,
    '',
    'Limits and security',
    '32 bytes in base64 (`openssl rand -base64 32`) that encrypt stored secrets (webhook secrets, remembered answers that carry one). Unset: a key is generated once into `DATA_DIR/secret.key` (mode 0600) and reused. Set the same one in every process.',
  ),
  NOTETAKER_ALLOW_PRIVATE_URLS: setting(
    flag('NOTETAKER_ALLOW_PRIVATE_URLS'),
    'false',
    'Limits and security',
    '`true` lets webhooks, calendar feeds and the notes servers organizations set (Settings → Notes) use `http` and reach private, loopback and link-local addresses: local development, or a local model server such as Ollama on 127.0.0.1. Cloud metadata addresses stay refused whatever it says.',
  ),
  NOTETAKER_JOB_LEASE_SECONDS: int(
    'NOTETAKER_JOB_LEASE_SECONDS',
    1,
    3600,
    '60',
    'Limits and security',
    'How long a background job is held by its worker before another may take it over; running jobs renew it, so this is how soon a crashed worker\'s job resumes',
  ),
  NOTETAKER_RETENTION_SWEEP_MINUTES: int(
    'NOTETAKER_RETENTION_SWEEP_MINUTES',
    1,
    1440,
    '60',
    'Processing',
    'How often the retention sweep removes the recordings (or their audio) older than each account\'s retention period (`PATCH /me/settings`)',
  ),

  NOTETAKER_TRANSCRIBER: setting(
    oneOf('auto', 'none', 'whisper', 'pocketsphinx', 'openai'),
    'auto',
    'Processing',
    'Speech to text for audio: `auto` (the best engine on this machine, chosen and logged at start and again within seconds whenever `DATA_DIR/models` changes, no restart: `whisper` when a usable Whisper model is in `DATA_DIR/models` (`notetaker models pull base.en`; one that fails the model check is passed over with a warning), else `pocketsphinx` when Debian\'s `pocketsphinx` and `pocketsphinx-en-us` are installed, else `none`), `whisper` (offline, whisper.cpp), `pocketsphinx` (offline), `openai` (any server with an OpenAI-compatible `/v1/audio/transcriptions`), or `none` (audio uploads are refused at `POST /uploads` with a 422 saying how to add an engine; transcript files need none).',
  ),
  NOTETAKER_WHISPER_MODEL: setting(
    t.string,
    '',
    'Processing',
    'The Whisper model to use (a name of `notetaker models list`, e.g. `small.en`); empty: the best one in `DATA_DIR/models` for a CPU (`base.en`, then `base`, `small.en`, `small`, their quantized forms, `tiny.en`, `tiny`, then the larger ones).',
  ),
  NOTETAKER_WHISPER_LANGUAGE: setting(t.string, 'auto', 'Processing', 'With Whisper: the language of audio whose upload names none (`auto` detects it with a multilingual model; `.en` models always use English).'),
  NOTETAKER_WHISPER_THREADS: int('NOTETAKER_WHISPER_THREADS', 0, 64, '0', 'Processing', 'CPU threads for one Whisper transcription (in its own process, at a lower priority); 0: all cores but one, at least 1 and at most 4, so a core is left to the server'),
  NOTETAKER_WHISPER_GPU: setting(
    oneOf('off', 'vulkan', 'cuda'),
    'off',
    'Processing',
    "With Whisper: whisper.cpp's GPU build to transcribe on, once installed (docs/operations.md, whisper.cpp's GPU builds); `off`: the CPU build. A build that is not installed is not used: the start warns and the CPU transcribes.",
  ),
  NOTETAKER_WHISPER_MAX_MEMORY_MB: int('NOTETAKER_WHISPER_MAX_MEMORY_MB', 0, 262144, '0', 'Processing', 'Memory one Whisper transcription\'s process may use before it is stopped (its window fails with a message; the server is untouched); 0: 2.5 × the model file + 400 MB (about 770 MB for base.en)'),
  NOTETAKER_SPEAKER_MODELS: setting(
    oneOf('auto', 'off'),
    'auto',
    'Processing',
    'Speakers of mono audio told apart by voice: `auto` does it when a speaker segmentation and a speaker-embedding model are in `DATA_DIR/models` (`notetaker models pull pyannote-segmentation-3-0` and `titanet-small`; sherpa-onnx), chosen and logged at start and again whenever `DATA_DIR/models` changes; `off` never. Without them a mono recording is one speaker, and the recording says so (`speakerSeparation: none`); a stereo call recording has a speaker per channel either way.',
  ),
  NOTETAKER_TRANSCRIBE_WINDOW_SECONDS: int(
    'NOTETAKER_TRANSCRIBE_WINDOW_SECONDS',
    0,
    3600,
    '0',
    'Processing',
    'With `whisper` and `pocketsphinx`: the longest stretch of audio recognised at once; longer audio is cut in its pauses, and each finished window is kept, so a restart resumes after it. 0: the engine\'s own (120 s for pocketsphinx, whose accuracy drops in shorter windows; 300 s for Whisper)',
  ),
  NOTETAKER_TRANSCRIBER_URL: setting(t.string, '', 'Processing', 'With `openai`: the transcription server\'s http(s) address.'),
  NOTETAKER_TRANSCRIBER_MODEL: setting(t.string, 'whisper-1', 'Processing', 'With `openai`: the model asked for.'),
  NOTETAKER_TRANSCRIBER_KEY: setting(t.string, '', 'Processing', 'With `openai`: the server\'s API key, if it wants one.'),
  NOTETAKER_MODELS_URL: setting(
    t.string,
    'https://huggingface.co/ggerganov/whisper.cpp/resolve/main',
    'Processing',
    'Where `notetaker models pull NAME` downloads Whisper models from: `<this>/ggml-NAME.bin`, over https (plain http only from this machine, or with `pull --allow-http`). A company mirror goes here; every file is checked against the catalog\'s SHA-256 whatever its source.',
  ),
  NOTETAKER_MODELS_CATALOG: setting(
    t.string,
    '',
    'Processing',
    'A JSON file of models to know besides the published whisper.cpp ones (a company\'s own): an array of `{ "name", "file", "bytes", "sha256", "multilingual" }`. An entry replaces a published one of the same name.',
  ),
  NOTETAKER_PROCESSING_THREADS: int(
    'NOTETAKER_PROCESSING_THREADS',
    1,
    64,
    '1',
    'Processing',
    'Worker threads that read transcripts and analyze them and read calendar feeds, off the thread that answers requests (at niceness +10); processing beyond this waits for a thread. Never fewer than the 2 processing job slots, so a job never waits for a thread another account\'s long file holds',
  ),
  NOTETAKER_PROCESSING_TIMEOUT_MINUTES: int(
    'NOTETAKER_PROCESSING_TIMEOUT_MINUTES',
    1,
    10_080,
    '30',
    'Processing',
    'How long one attempt at processing a recording (reading a transcript file or transcribing audio, then making the notes) may run; audio gets `NOTETAKER_PROCESSING_TIMEOUT_PER_AUDIO_MINUTE` more per minute of it. When the limit passes the work is stopped (its worker thread ended, its programs killed) and the recording fails with "Processing stopped after N minutes: …"; it is not retried by itself',
  ),
  NOTETAKER_PROCESSING_TIMEOUT_PER_AUDIO_MINUTE: int(
    'NOTETAKER_PROCESSING_TIMEOUT_PER_AUDIO_MINUTE',
    0,
    600,
    '3',
    'Processing',
    'Minutes added to `NOTETAKER_PROCESSING_TIMEOUT_MINUTES` for each minute of audio (its length from the file\'s header; a file that does not say counts as 4 hours): the default allows an hour\'s meeting 3.5 hours, above the slowest engine\'s pace on 2 cores',
  ),
  NOTETAKER_ANALYZER: setting(
    oneOf('builtin', 'openai'),
    'builtin',
    'Processing',
    '`builtin` (offline, extractive) or `openai` (an OpenAI-compatible chat-completions server with structured output, such as Ollama, llama.cpp\'s `llama-server`, vLLM or OpenAI; it reads meetings of any length in chunks, and when the server fails after 3 tries the built-in analyzer writes the notes and the recording says why; see docs/analyzer.md).',
  ),
  NOTETAKER_ANALYZER_URL: setting(t.string, '', 'Processing', 'With `openai`: the analysis server\'s http(s) address.'),
  NOTETAKER_ANALYZER_MODEL: setting(t.string, 'gpt-4o-mini', 'Processing', 'With `openai`: the model asked for.'),
  NOTETAKER_ANALYZER_KEY: setting(t.string, '', 'Processing', 'With `openai`: the server\'s API key, if it wants one.'),
  NOTETAKER_ANALYZER_CONTEXT_TOKENS: int(
    'NOTETAKER_ANALYZER_CONTEXT_TOKENS',
    2048,
    1_000_000,
    '8192',
    'Processing',
    'With `openai`: the model\'s context length in tokens, as the server runs it (`llama-server -c`, Ollama\'s `OLLAMA_CONTEXT_LENGTH` or `num_ctx`). A transcript that does not fit one request is read in chunks of this size, then their notes are merged; a quarter is kept for the answer. Set it to what the server really gives the model: larger than that and the server cuts the transcript',
  ),
  NOTETAKER_NOTES_TEMPLATES_DIR: setting(
    t.string,
    '',
    'Processing',
    'A directory of your own summary templates beside the built-in ones (general, standup, sales-call, one-on-one, interview): one `<id>.md` file each, its first line `# Name` and the instructions for the model below it. A file that cannot be used is logged with why and skipped. Empty: none.',
  ),

  NOTETAKER_BOT: setting(
    oneOf('simulated', 'chromium'),
    'simulated',
    'Bots and the recording engine',
    'The meeting bot: `chromium` (headless Debian Chromium joins Meet, Teams and Zoom as a guest; see `adapters/bots/chromium/README.md`) or `simulated` (plays a scripted meeting; see docs/bots.md).',
  ),
  NOTETAKER_BOT_NAME: setting(t.string, 'Notetaker', 'Bots and the recording engine', 'The name other participants see.'),
  NOTETAKER_BOT_SLOTS: int('NOTETAKER_BOT_SLOTS', 1, 64, '2', 'Bots and the recording engine', 'Bots one process runs at once; more wait `queued`'),
  NOTETAKER_BOT_JOIN_LEAD_SECONDS: int('NOTETAKER_BOT_JOIN_LEAD_SECONDS', 0, 3600, '60', 'Bots and the recording engine', 'How long before a scheduled meeting starts its bot sets off'),
  NOTETAKER_BOT_LATE_JOIN_MINUTES: int(
    'NOTETAKER_BOT_LATE_JOIN_MINUTES',
    0,
    240,
    '10',
    'Bots and the recording engine',
    'How long after a meeting started (and before it ends) the engine still sends a bot, e.g. after a restart',
  ),
  NOTETAKER_BOT_ADMISSION_MINUTES: int('NOTETAKER_BOT_ADMISSION_MINUTES', 1, 120, '10', 'Bots and the recording engine', 'Chromium bot: longest wait to be admitted'),
  NOTETAKER_BOT_MAX_HOURS: int('NOTETAKER_BOT_MAX_HOURS', 1, 24, '4', 'Bots and the recording engine', 'Chromium bot: longest recording'),
  NOTETAKER_ENGINE_TICK_SECONDS: int('NOTETAKER_ENGINE_TICK_SECONDS', 1, 3600, '30', 'Bots and the recording engine', 'How often the recording engine looks ahead for meetings to record'),
  NOTETAKER_SIMULATED_OUTCOME: setting(
    oneOf(...OUTCOMES),
    'meeting_ends',
    'Bots and the recording engine',
    `Simulated bot: ${OUTCOMES.map((o) => `\`${o}\``).join(', ')}. A join link's \`?simulate=<outcome>\` overrides it per bot.`,
  ),
  NOTETAKER_SIMULATED_SPEED: int('NOTETAKER_SIMULATED_SPEED', 1, 1_000_000, '1', 'Bots and the recording engine', 'Simulated bot: how many times faster than real time the meeting plays'),
  NOTETAKER_SIMULATED_SCRIPT: setting(
    t.string,
    '',
    'Bots and the recording engine',
    'Simulated bot: a JSON file `{"utterances":[{"speaker","text"}]}`; unset, a two-person planning meeting that ships with it.',
  ),

  NOTETAKER_CALENDAR_SYNC_MINUTES: int('NOTETAKER_CALENDAR_SYNC_MINUTES', 1, 1440, '15', 'Calendars', 'Minutes between periodic syncs of a connection'),
  NOTETAKER_CALENDAR_DAYS_BACK: int('NOTETAKER_CALENDAR_DAYS_BACK', 0, 90, '7', 'Calendars', 'Days before now a sync reads'),
  NOTETAKER_CALENDAR_DAYS_AHEAD: int('NOTETAKER_CALENDAR_DAYS_AHEAD', 1, 366, '60', 'Calendars', 'Days after now a sync reads'),
  NOTETAKER_GOOGLE_CLIENT_ID: setting(
    t.string,
    '',
    'Calendars',
    'The OAuth client id of the Google Cloud app accounts connect their Google Calendar through (docs/calendars.md, "Google Calendar"). Google can be connected when this, `NOTETAKER_GOOGLE_CLIENT_SECRET` and a redirect address are set; the id without the secret (or the reverse) stops the start.',
  ),
  NOTETAKER_GOOGLE_CLIENT_SECRET: setting(t.string, '', 'Calendars', 'That app\'s client secret. Never logged or shown.'),
  NOTETAKER_GOOGLE_REDIRECT_URL: setting(
    HttpAddress,
    '',
    'Calendars',
    'The callback registered with the Google app (Authorised redirect URIs), exactly. Unset: `<NOTETAKER_PUBLIC_URL>/ext/v1/calendar/oauth/google/callback`; with neither set, Google cannot be connected.',
  ),
  NOTETAKER_GOOGLE_AUTHORIZE_URL: setting(HttpAddress, GOOGLE_AUTHORIZE_URL, 'Calendars', 'Google\'s consent page. Change it only to point at a stand-in (tests).'),
  NOTETAKER_GOOGLE_TOKEN_URL: setting(HttpAddress, GOOGLE_TOKEN_URL, 'Calendars', 'Google\'s token endpoint. Change it only to point at a stand-in (tests).'),
  NOTETAKER_GOOGLE_USERINFO_URL: setting(HttpAddress, GOOGLE_USERINFO_URL, 'Calendars', 'Google\'s OpenID Connect userinfo endpoint (the account\'s email). Change it only to point at a stand-in (tests).'),
  NOTETAKER_GOOGLE_API_BASE_URL: setting(HttpAddress, GOOGLE_API_BASE_URL, 'Calendars', 'The Google Calendar API v3. Change it only to point at a stand-in (tests).'),
  NOTETAKER_MICROSOFT_CLIENT_ID: setting(
    t.string,
    '',
    'Calendars',
    'The Application (client) id of the Microsoft Entra app accounts connect their Microsoft 365 calendar through (docs/calendars.md, "Microsoft 365"). Microsoft can be connected when this, `NOTETAKER_MICROSOFT_CLIENT_SECRET` and a redirect address are set; the id without the secret (or the reverse) stops the start.',
  ),
  NOTETAKER_MICROSOFT_CLIENT_SECRET: setting(t.string, '', 'Calendars', 'The *value* of that app\'s client secret (they expire: put the new one in before then). Never logged or shown.'),
  NOTETAKER_MICROSOFT_REDIRECT_URL: setting(
    HttpAddress,
    '',
    'Calendars',
    'The redirect URI registered with the Microsoft app (platform Web), exactly. Unset: `<NOTETAKER_PUBLIC_URL>/ext/v1/calendar/oauth/microsoft/callback`; with neither set, Microsoft cannot be connected.',
  ),
  NOTETAKER_MICROSOFT_TENANT: setting(
    Tenant,
    MICROSOFT_DEFAULT_TENANT,
    'Calendars',
    'Whose accounts may connect: `common` (work, school and personal accounts), `organizations`, `consumers`, or one directory\'s (tenant) id for a single-tenant app.',
  ),
  NOTETAKER_MICROSOFT_LOGIN_BASE_URL: setting(HttpAddress, MICROSOFT_LOGIN_BASE_URL, 'Calendars', 'The Microsoft identity platform (the tenant and `/oauth2/v2.0/…` are added). Change it only for a national cloud or a stand-in (tests).'),
  NOTETAKER_MICROSOFT_GRAPH_BASE_URL: setting(HttpAddress, MICROSOFT_GRAPH_BASE_URL, 'Calendars', 'Microsoft Graph v1.0. Change it only for a national cloud or a stand-in (tests).'),
  NOTETAKER_CALENDAR_CA_FILE: setting(
    t.string,
    '',
    'Calendars',
    'A PEM file of CA certificates trusted, besides the system\'s, for calls to Google and Microsoft (their addresses above): a private CA in front of them, or a test stand-in\'s certificate. Read at start; a file that cannot be read stops the start. Calendar feeds do not use it.',
  ),

  NOTETAKER_WEBHOOK_TIMEOUT_SECONDS: int('NOTETAKER_WEBHOOK_TIMEOUT_SECONDS', 1, 60, '10', 'Webhooks', 'Time one webhook delivery attempt may take (connect, send, answer)'),

  NOTETAKER_SMTP_URL: setting(
    SmtpUrl,
    '',
    'Mail',
    'The mail server invites and shared recordings are sent through: `smtp://user:password@mail.example.com:587` (STARTTLS when the server offers it) or `smtps://user:password@mail.example.com:465` (TLS from the start); characters such as `@` in the user name or password are written `%40`. The password is never logged or shown. Empty: no mail is sent, and whoever invites or shares is shown the link to pass on. Needs `NOTETAKER_MAIL_FROM`. See docs/operations.md, "Mail".',
  ),
  NOTETAKER_MAIL_FROM: setting(MailFrom, '', 'Mail', 'Who mail comes from, e.g. `Notetaker <notes@example.com>`; the mail server must accept it as a sender.'),
  NOTETAKER_SMTP_TIMEOUT_SECONDS: int(
    'NOTETAKER_SMTP_TIMEOUT_SECONDS',
    1,
    60,
    '10',
    'Mail',
    'Time the mail server has to accept a connection, to greet, and to answer each command; one mail never takes more than three times this. A mail that fails is reported to whoever invited or shared, who is shown the link instead',
  ),
} as const
