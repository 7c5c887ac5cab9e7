import * as t from 'io-ts'

export interface Plan {
  readonly key: string
  readonly paid: boolean
  /** Recordings (bots, uploads, calendar recordings) an account may start per calendar month (UTC); null: unlimited. */
  readonly monthlyRecordings: number | null
}

/**
 * The plans offered when the operator configures none: `self-hosted` (unlimited, the default for the
 * operator's own accounts) and, for those who sell the service, `free` and `pro`.
 */
export const DEFAULT_PLANS: ReadonlyArray<Plan> = [
  { key: 'self-hosted', paid: false, monthlyRecordings: null },
  { key: 'free', paid: false, monthlyRecordings: 25 },
  { key: 'pro', paid: true, monthlyRecordings: 500 },
]
export const DEFAULT_PLAN_KEY = 'self-hosted'

/** Whether an account on the plan that has started `used` recordings this month may start another. */
export const hasRoomFor = (plan: Plan, used: number): boolean => plan.monthlyRecordings === null || used < plan.monthlyRecordings

/** The plan's allowance in words: "unlimited recordings", "25 recordings a month". */
export const planAllowanceText = (plan: Plan): string =>
  plan.monthlyRecordings === null ? 'unlimited recordings' : `${plan.monthlyRecordings} recording${plan.monthlyRecordings === 1 ? '' : 's'} a month`

export interface Account {
  readonly id: string
  readonly name: string
  /** Lowercased; unique across accounts. */
  readonly email: string
  readonly planKey: string
  readonly organizationId: string | null
  /** Runs this server: manages its speech models (GET/POST/DELETE /server/models). The first start's account is one. */
  readonly serverAdmin: boolean
  readonly createdAt: string
}

export interface Organization {
  readonly id: string
  readonly name: string
  readonly createdAt: string
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export interface EmailBrand {
  readonly Email: unique symbol
}
/** An email address as accounts use it; compare after `normaliseEmail`. */
export const Email = t.brand(
  t.string,
  (s): s is t.Branded<string, EmailBrand> => s.length <= 254 && EMAIL_RE.test(s),
  'Email',
)
export const normaliseEmail = (email: string): string => email.trim().toLowerCase()

/** The plan of an account; an account on a plan the operator has since removed gets the most limited one. */
export const planFor = (plans: ReadonlyArray<Plan>, key: string): Plan =>
  plans.find((p) => p.key === key) ??
  [...plans].sort((a, b) => (a.monthlyRecordings ?? Infinity) - (b.monthlyRecordings ?? Infinity))[0] ?? {
    key,
    paid: false,
    monthlyRecordings: 0,
  }
