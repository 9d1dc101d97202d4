import { PortalProviders, RemoteError } from '@portal/ui';

/**
 * Shown while /registry.json cannot be loaded (no menu, no remote can be known): the shell's own frame
 * stays usable and Retry loads the registry again.
 */
export function RegistryError({ onRetry }: { onRetry: () => void }) {
  return (
    <PortalProviders>
      <div data-registry-error style={{ position: 'fixed', insetInline: 0, top: 96, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
        <div style={{ pointerEvents: 'auto', background: '#fff', borderRadius: 8, boxShadow: '0 4px 16px rgba(0,0,0,.12)' }}>
          <RemoteError onRetry={onRetry} />
        </div>
      </div>
    </PortalProviders>
  );
}
