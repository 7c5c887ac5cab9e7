import { PageHeader } from '../components/feedback.js'

/** Placeholder: being built. */
export const UploadPage = (_props: Record<string, string>) => <PageHeader title="UploadPage" />
