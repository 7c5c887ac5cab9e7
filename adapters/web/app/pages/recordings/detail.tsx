import { PageHeader } from '../../components/feedback.js'

/** Placeholder: being built. */
export const RecordingPage = (_props: Record<string, string>) => <PageHeader title="RecordingPage" />
