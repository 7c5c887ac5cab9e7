import { PageHeader } from '../components/feedback.js'

/** Placeholder: being built. */
export const BotsPage = (_props: Record<string, string>) => <PageHeader title="BotsPage" />
