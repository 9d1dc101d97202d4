import { EditOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, theme, Tooltip, Typography } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionData } from '../hooks/useSectionData';
import { DASHBOARD_NS } from '../i18n';
import { DEFAULT_SPAN, type DashboardSection, type WidgetDef } from '../model/types';
import { WidgetView } from './WidgetView';

export interface DashboardSectionViewProps {
  section: DashboardSection;
  widgets: WidgetDef[];
  /** The answers of its widgets' summary sources (useSectionData: the same object until one of them changes). */
  summary: SectionData;
  storeIds: readonly number[] | null;
  reloadKey: number;
  weekStartDay: number;
  /** Header controls beside the title (the main section's Libraries filter and Refresh). */
  extra?: ReactNode;
  /** Opens the section editor for this section's key. */
  onEdit: (sectionKey: string) => void;
  /** The pencil pointed at or focused: the editor is likely to open next. */
  onEditIntent?: () => void;
  /** Shown instead of the widgets (the main section when no library is selected). */
  replacement?: ReactNode;
}

/**
 * A section: title, icon, 'Edit Dashboard' button and the grid of its chosen widgets. Memoised, with props that
 * change only with its own data: another section's answer does not render it.
 */
export const DashboardSectionView = memo(function DashboardSectionView(props: DashboardSectionViewProps) {
  const { section, widgets, summary, storeIds, reloadKey, weekStartDay, extra, onEdit, onEditIntent, replacement } = props;
  const { t } = useTranslation(DASHBOARD_NS);
  const { token } = theme.useToken();
  const titleId = `dashboard-section-${section.key}`;
  return (
    <section aria-labelledby={titleId} style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8}>
          {/* Under the page's h1; drawn at antd's h4 size. */}
          <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>
            {section.icon} {t(section.title)}
          </Typography.Title>
          <Tooltip title={t('editDashboard')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('editDashboard')}
              onClick={() => onEdit(section.key)}
              onPointerEnter={onEditIntent}
              onFocus={onEditIntent}
            />
          </Tooltip>
        </Flex>
        {extra}
      </Flex>
      {replacement ?? (
        <Row gutter={[16, 16]}>
          {widgets.map((widget) => (
            <Col key={widget.key} {...(widget.span ?? DEFAULT_SPAN)}>
              <WidgetView widget={widget} summary={summary} storeIds={storeIds} reloadKey={reloadKey} weekStartDay={weekStartDay} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
});
