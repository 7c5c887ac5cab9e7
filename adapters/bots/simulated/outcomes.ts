/**
 * How a simulated meeting goes for the bot: it ends normally, the bot is removed
 * halfway, the browser crashes halfway, nobody admits it, the host refuses it,
 * or the link leads nowhere.
 */
export const OUTCOMES = ['meeting_ends', 'removed', 'crash', 'never_admitted', 'denied', 'not_found'] as const
export type Outcome = (typeof OUTCOMES)[number]
