import type { PageProps } from '../App';

/**
 * The frame of a public display whose page is not built yet. Public pages are full-screen displays
 * without the portal's layout (no antd frame), so this is plain markup.
 */
export function PlaceholderPage({ title }: PageProps) {
  return (
    <main className="portal-public-page" style={{ padding: 24, fontFamily: 'sans-serif' }}>
      <h1 style={{ margin: 0, fontSize: 24 }}>{title}</h1>
    </main>
  );
}
