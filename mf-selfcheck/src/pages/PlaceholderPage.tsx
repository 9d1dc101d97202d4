import { PageFrame } from '@portal/ui';
import type { PageProps } from '../App';

/** The frame of a route whose page is not built yet: its title, nothing else. */
export function PlaceholderPage({ title }: PageProps) {
  return <PageFrame title={title} />;
}
