/** The counters header (data-areas §2): add interval, move, zoom on/off/reset, export, save image, chart type. */
import { Button, Segmented, Tooltip } from 'antd';
import { CameraOutlined, DownloadOutlined, LeftOutlined, PlusOutlined, RightOutlined, UndoOutlined, ZoomInOutlined } from '@ant-design/icons';
import { CHART_TYPES, type CounterChartType } from '../model/chartOptions';
import { useCountersTranslation } from '../i18n';

export interface CountersHeaderProps {
  canAdd: boolean;
  onAdd: () => void;
  onMove: (direction: -1 | 1) => void;
  zoomEnabled: boolean;
  zoomed: boolean;
  onZoomEnabled: (on: boolean) => void;
  onResetZoom: () => void;
  onExport: () => void;
  onSaveImage: () => void;
  chartType: CounterChartType;
  onChartType: (type: CounterChartType) => void;
  disabled: boolean;
}

export function CountersHeader(props: CountersHeaderProps) {
  const { t } = useCountersTranslation();
  const add = (
    <Button icon={<PlusOutlined />} onClick={props.onAdd} disabled={props.disabled || !props.canAdd}>
      {t('addInterval')}
    </Button>
  );
  return (
    <>
      {props.canAdd || props.disabled ? (
        add
      ) : (
        <Tooltip title={t('maxIntervals')}>
          <span>{add}</span>
        </Tooltip>
      )}
      <Button icon={<LeftOutlined />} aria-label={t('moveLeft')} title={t('moveLeft')} onClick={() => props.onMove(-1)} disabled={props.disabled} />
      <Button icon={<RightOutlined />} aria-label={t('moveRight')} title={t('moveRight')} onClick={() => props.onMove(1)} disabled={props.disabled} />
      <Button
        icon={<ZoomInOutlined />}
        type={props.zoomEnabled ? 'primary' : 'default'}
        aria-pressed={props.zoomEnabled}
        onClick={() => props.onZoomEnabled(!props.zoomEnabled)}
        disabled={props.disabled}
      >
        {t(props.zoomEnabled ? 'zoomOff' : 'zoomOn')}
      </Button>
      <Button icon={<UndoOutlined />} onClick={props.onResetZoom} disabled={!props.zoomed}>
        {t('zoomReset')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={props.onExport} disabled={props.disabled}>
        {t('export')}
      </Button>
      <Button icon={<CameraOutlined />} onClick={props.onSaveImage} disabled={props.disabled}>
        {t('saveImage')}
      </Button>
      <Segmented<CounterChartType>
        aria-label={t('chartType')}
        value={props.chartType}
        onChange={props.onChartType}
        options={CHART_TYPES.map((value) => ({ value, label: t(`chartTypes.${value}`) }))}
      />
    </>
  );
}
