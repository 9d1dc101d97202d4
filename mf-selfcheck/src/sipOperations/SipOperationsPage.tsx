import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { getSipOperations, SIP_OPERATIONS_EXPORT_URL, type SipOperation } from '@portal/api';
import { GenericList } from '@portal/lists';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSelfcheckTranslation } from '../i18n';
import { sipColumns } from './sipColumns';

/**
 * /sipOperations (data-areas §2): read-only list of the SIP transactions of the user's libraries, newest
 * first (the server's default order), with export and no row actions.
 */
export function SipOperationsPage({ title }: PageProps) {
  const { t } = useSelfcheckTranslation();
  const location = useLocation();
  const columns = useMemo(() => sipColumns(t), [t]);
  return (
    <PageFrame title={title}>
      <GenericList<SipOperation>
        listName="sipOperations"
        columns={columns}
        fetchPage={getSipOperations}
        resetKey={location.pathname}
        exporter={{ url: SIP_OPERATIONS_EXPORT_URL, fileName: title }}
      />
    </PageFrame>
  );
}
