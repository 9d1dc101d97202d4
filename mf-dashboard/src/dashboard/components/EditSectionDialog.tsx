import { Checkbox, Flex, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';
import type { DashboardSection } from '../model/types';

export interface EditSectionDialogProps {
  section: DashboardSection;
  /** The widget keys shown now (checked when the dialog opens). */
  chosen: string[];
  onSave: (keys: string[]) => void;
  onCancel: () => void;
}

/** 'Edit section: {name}': a checkbox list of the section's widgets. Mount it per opening (fresh state). */
export function EditSectionDialog({ section, chosen, onSave, onCancel }: EditSectionDialogProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const [keys, setKeys] = useState<string[]>(chosen);
  // Unmounted when it closes, so antd never hands the focus back: it goes back here to what opened the dialog
  // (the section's pencil button), as a keyboard or screen-reader user expects.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
  // Saved in the section's declared order, whatever order the boxes were ticked in.
  const save = () => onSave(section.children.map((w) => w.key).filter((key) => keys.includes(key)));
  return (
    <Modal open title={t('editSection', { name: t(section.title) })} onOk={save} onCancel={onCancel} destroyOnHidden>
      <Checkbox.Group value={keys} onChange={(next) => setKeys(next as string[])} style={{ width: '100%' }}>
        <Flex vertical gap={6}>
          {section.children.map((widget) => (
            <Checkbox key={widget.key} value={widget.key}>
              {t(widget.title)}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </Modal>
  );
}
