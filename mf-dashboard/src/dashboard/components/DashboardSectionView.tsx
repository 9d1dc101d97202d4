import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Tooltip, Typography } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionData } from '../hooks/useSectionData';
import { DASHBOARD_NS } from '../i18n';
import { DEFAULT_SPAN, type DashboardSection, type WidgetDef, type WidgetSpan } from '../model/types';
import { WidgetView } from './WidgetView';
import './DashboardGrid.css';

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
  /** Shown instead of the widgets (the main section when no library is selected). */
  replacement?: ReactNode;
}

/** The grid classes of a widget's columns per breakpoint (DashboardGrid.css). */
export const spanClassName = (span: WidgetSpan): string =>
  (Object.keys(span) as (keyof WidgetSpan)[]).map((breakpoint) => `dashboard-${breakpoint}-${span[breakpoint]}`).join(' ');

/**
 * A section: title, icon, 'Edit Dashboard' button and the grid of its chosen widgets. Memoised, with props that
 * change only with its own data: another section's answer does not render it.
 */
export const DashboardSectionView = memo(function DashboardSectionView(props: DashboardSectionViewProps) {
  const { section, widgets, summary, storeIds, reloadKey, weekStartDay, extra, onEdit, replacement } = props;
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
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('editDashboard')} onClick={() => onEdit(section.key)} />
          </Tooltip>
        </Flex>
        {extra}
      </Flex>
      {replacement ?? (
        // A CSS grid (DashboardGrid.css), not antd's Row and a Col per widget: fewer components to render.
        <div className="dashboard-grid">
          {widgets.map((widget) => (
            <div key={widget.key} className={spanClassName(widget.span ?? DEFAULT_SPAN)}>
              <WidgetView widget={widget} summary={summary} storeIds={storeIds} reloadKey={reloadKey} weekStartDay={weekStartDay} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
});
