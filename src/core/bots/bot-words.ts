import type { FailReason, LeaveReason } from '../ports/bot-runner.js'

/** Why a bot left, for the run's detail when the runner says no more. */
export const LEFT_BECAUSE: Readonly<Record<LeaveReason, string>> = {
  meeting_ended: 'The meeting ended.',
  alone: 'Everyone else had left the meeting.',
  max_duration: 'The longest allowed recording time was reached.',
  asked_to_leave: 'The bot was asked to leave.',
  removed: 'A participant removed the bot from the meeting.',
}

/** Why a bot failed, for the run's detail when the runner says no more. */
export const FAILED_BECAUSE: Readonly<Record<FailReason, string>> = {
  not_admitted: 'Nobody admitted the bot from the waiting room in time.',
  denied: 'The host refused to let the bot in.',
  meeting_not_found: 'The link leads to no meeting.',
  unrecognised_page: 'The meeting page showed something the bot does not understand.',
  capacity: 'No bot was free to join.',
  crashed: 'The bot stopped unexpectedly.',
}

export const iso = (ms: number) => new Date(ms).toISOString()
export const seconds = (fromMs: number, toMs: number) => Math.max(0, Math.round((toMs - fromMs) / 1000))
