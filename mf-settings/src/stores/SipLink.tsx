import { CopyUrl } from '@portal/lists';
import { sipOperationsPath } from './storeRules';

/** The library's public SIP operations link (/sipOperations/{storeCode}) with a copy button. */
export function SipLink({ code }: { code: string }) {
  return (
    <span data-testid="sip-link">
      <CopyUrl url={`${window.location.origin}${sipOperationsPath(code)}`} />
    </span>
  );
}
