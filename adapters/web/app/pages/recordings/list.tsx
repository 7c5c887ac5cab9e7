import { PageHeader } from '../../components/feedback.js'

/** Placeholder: being built. */
export const RecordingsPage = (_props: Record<string, string>) => <PageHeader title="RecordingsPage" />
