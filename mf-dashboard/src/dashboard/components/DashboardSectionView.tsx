import { EditOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';
import { DEFAULT_SPAN, type DashboardSection, type WidgetDef } from '../model/types';

export interface DashboardSectionViewProps {
  section: DashboardSection;
  widgets: WidgetDef[];
  /** Header controls beside the title (the main section's Libraries filter and Refresh). */
  extra?: ReactNode;
  onEdit: () => void;
  renderWidget: (widget: WidgetDef) => ReactNode;
}

/** A section: title, icon, 'Edit Dashboard' button and the grid of its chosen widgets. */
export function DashboardSectionView({ section, widgets, extra, onEdit, renderWidget }: DashboardSectionViewProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const titleId = `dashboard-section-${section.key}`;
  return (
    <section aria-labelledby={titleId} style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8}>
          <Typography.Title level={4} id={titleId} style={{ margin: 0 }}>
            {section.icon} {t(section.title)}
          </Typography.Title>
          <Tooltip title={t('editDashboard')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('editDashboard')} onClick={onEdit} />
          </Tooltip>
        </Flex>
        {extra}
      </Flex>
      <Row gutter={[16, 16]}>
        {widgets.map((widget) => (
          <Col key={widget.key} {...(widget.span ?? DEFAULT_SPAN)}>
            {renderWidget(widget)}
          </Col>
        ))}
      </Row>
    </section>
  );
}
