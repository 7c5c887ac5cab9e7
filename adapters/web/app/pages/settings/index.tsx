import { PageHeader } from '../../components/feedback.js'

/** Placeholder: being built. */
export const SettingsPage = (_props: Record<string, string>) => <PageHeader title="SettingsPage" />
