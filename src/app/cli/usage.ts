/** The text of `notetaker --help`: loads nothing but the settings, so it answers at once. */
import { CLI } from './name.js'
import { INVITE_LIFETIME_DAYS } from '../../core/domain/identity/organization.js'
import { CONFIG_DEFAULTS } from '../config/index.js'

export const COMMANDS = `Usage: notetaker <command> [options]

Commands:
  serve [--no-worker]                     serve the API and run background jobs (what npm start runs);
                                          --no-worker serves only, beside \`notetaker worker\` processes
  worker                                  run background jobs only (processing, webhooks, bots, the engine)
  migrate                                 apply database migrations and exit
  accounts create --name NAME --email EMAIL [--plan KEY] [--organization NAME] [--server-admin] [--json]
                                          --plan: one of NOTETAKER_PLANS (default NOTETAKER_DEFAULT_PLAN, self-hosted)
                                          --server-admin: one of this server's administrators, who manage its
                                          speech models from the web app and /ext/v1/server/models
  accounts list [--limit N] [--offset N] [--json]
  accounts server-admin --account ID_OR_EMAIL [--off] [--json]
                                          make the account a server administrator (--off: no longer one; the
                                          last one keeps it). The first start's account is one
  accounts set-plan --account ID_OR_EMAIL --plan KEY [--json]
                                          put the account on one of NOTETAKER_PLANS (self-hosted: unlimited);
                                          how a spent monthly allowance is lifted
  accounts set-password --account ID_OR_EMAIL [--json]
                                          the web app's sign-in password: the first line of standard input
                                          when it is not a terminal; otherwise (or when it is empty) a random
                                          one, printed alone on the last line (shown once). Ends the account's
                                          open sessions
  keys create --account ID_OR_EMAIL [--readonly] [--org-wide] [--expires-in-days N] [--name LABEL] [--json]
                                          prints the key alone on the last line (shown once); also how an
                                          operator gets a new key for an account whose first key is lost
  keys list --account ID_OR_EMAIL [--json]
  keys revoke KEY_ID
  organizations create --name NAME --owner ID_OR_EMAIL [--json]
  organizations add-member --organization ID --account ID_OR_EMAIL --role owner|admin|member [--json]
  organizations invite --organization ID --email EMAIL --role owner|admin|member [--json]
                                          prints the invite token alone on the last line (shown once, valid ${INVITE_LIFETIME_DAYS} days)
  organizations accept --token TOKEN --account ID_OR_EMAIL [--json]
  demo chromium [--keep]                  try the Chromium bot on this machine: local stand-ins of Zoom, Google
                                          Meet and Teams, a bot sent into each, their states and notes; --keep
                                          leaves the server running with its URL and keys (needs /usr/bin/chromium)
  models list [--json]                    the Whisper models Notetaker knows (size, languages) and which are in DATA_DIR/models
  models pull NAME [--allow-http]         download one from NOTETAKER_MODELS_URL (resumes a cut download; SHA-256 checked)
  models add FILE [--name NAME]           copy in a model file brought by hand (air-gapped), checked the same way
  models verify                           re-check every model present; exit 1 naming any that does not match
  models remove NAME
`

export const HELP = `${COMMANDS}
Configuration (environment variables, with defaults; docs/configuration.md says what each means):
${Object.entries(CONFIG_DEFAULTS)
  .map(([k, v]) => `  ${k}=${v.length > 40 ? `${v.slice(0, 37)}...` : v}`)
  .join('\n')}
`

export const HINT = `Run \`${CLI} --help\` for the commands and their options.`

/** Every command, one or two words, as the help lists them (a test holds this to the commands that exist). */
export const COMMAND_NAMES: ReadonlyArray<string> = [
  'serve', 'worker', 'migrate', 'accounts create', 'accounts list', 'accounts server-admin', 'accounts set-plan', 'accounts set-password', 'keys create', 'keys list', 'keys revoke',
  'organizations create', 'organizations add-member', 'organizations invite', 'organizations accept',
  'demo chromium',
  'models list', 'models pull', 'models add', 'models verify', 'models remove',
]
