import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@portal/api';
import { useListsTranslation } from '../i18n';
import { FormatDialog } from './FormatDialog';

/** antd's orange-8: the orange of the outlined button's text and border at 5.4:1 on white (orange-6 gives 2.4). */
const FORMAT_ORANGE = '#ad4e00';

/** The orange outlined button (tooltip 'IfYouDontSeeItemsMessage') that opens the Format dialog. */
export function FormatButton({ children, onSaved }: { children?: ReactNode; onSaved?: (format: ExportFormat) => void }) {
  const { t } = useListsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('IfYouDontSeeItemsMessage')}>
        <Button
          color="orange"
          variant="outlined"
          icon={<SettingOutlined />}
          onClick={() => setOpen(true)}
          style={{ color: FORMAT_ORANGE, borderColor: FORMAT_ORANGE }}
        >
          {children ?? t('format.adminFormat')}
        </Button>
      </Tooltip>
      <FormatDialog
        open={open}
        onClose={(saved) => {
          setOpen(false);
          if (saved) onSaved?.(saved);
        }}
      />
    </>
  );
}
