import { PageHeader } from '../components/feedback.js'

/** Placeholder: being built. */
export const MeetingsPage = (_props: Record<string, string>) => <PageHeader title="MeetingsPage" />
