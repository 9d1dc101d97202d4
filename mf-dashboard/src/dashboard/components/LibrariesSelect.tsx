import type { RegionNode } from '@portal/api';
import { Flex, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';

export interface LibrariesSelectProps {
  tree: RegionNode[];
  value: string[];
  onChange: (values: string[]) => void;
  loading?: boolean;
}

const SELECT_ID = 'dashboard-libraries';

/**
 * §2/§9: the checkable, searchable Libraries tree; at most 3 tags, dropdown 320 px wide. On a phone the tree goes
 * under its label and is no wider than the page.
 */
export function LibrariesSelect({ tree, value, onChange, loading }: LibrariesSelectProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Flex wrap gap={8} align="center">
      <label htmlFor={SELECT_ID}>{t('libraries')}</label>
      <TreeSelect<string[]>
        id={SELECT_ID}
        treeData={tree}
        value={value}
        onChange={(next) => onChange(next ?? [])}
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_PARENT}
        showSearch
        treeNodeFilterProp="title"
        maxTagCount={3}
        popupMatchSelectWidth={320}
        placeholder={t('librariesPlaceholder')}
        loading={loading}
        allowClear
        style={{ minWidth: 'min(240px, 100%)', maxWidth: 480 }}
      />
    </Flex>
  );
}
