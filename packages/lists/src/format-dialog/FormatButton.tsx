import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@portal/api';
import { useListsTranslation } from '../i18n';
import { FormatDialog } from './FormatDialog';

/** The orange outlined button (tooltip 'IfYouDontSeeItemsMessage') that opens the Format dialog. */
export function FormatButton({ children, onSaved }: { children?: ReactNode; onSaved?: (format: ExportFormat) => void }) {
  const { t } = useListsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('IfYouDontSeeItemsMessage')}>
        <Button color="orange" variant="outlined" icon={<SettingOutlined />} onClick={() => setOpen(true)}>
          {children ?? t('format.adminFormat')}
        </Button>
      </Tooltip>
      <FormatDialog open={open} onClose={(saved) => { setOpen(false); if (saved) onSaved?.(saved); }} />
    </>
  );
}
