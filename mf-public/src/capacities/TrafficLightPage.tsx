/**
 * /capacities/{token}/{storeCode}/{language?}: the 10-cell traffic light at a library's entrance — green
 * with the 'pass' text under 100 %, red with the 'wait' text at 100 % or more, in the URL's language.
 */
import type { CapacityRecord } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PageProps } from '../App';
import { PublicFrame } from '../display/PublicFrame';
import { usePublicPoll } from '../display/usePublicPoll';
import { publicPaths } from '../polling/publicClient';
import { capacityMessages } from './messages';
import { COLOUR_HEX, isFull, TRAFFIC_LIGHT_CELLS } from './rules';

const CELLS = Array.from({ length: TRAFFIC_LIGHT_CELLS }, (_, k) => k);

function TrafficLight({ record, language }: { record: CapacityRecord; language: string | undefined }) {
  const { t } = useTranslation('public');
  const full = isFull(record.percentageCapacity);
  const messages = capacityMessages(language);
  const colour = COLOUR_HEX[full ? 'red' : 'green'];
  return (
    <section className="portal-traffic-light" data-state={full ? 'wait' : 'pass'} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 24 }}>
      <div role="img" aria-label={full ? messages.wait : messages.pass} style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 9vh)', gap: '1.2vh', padding: '2vh', background: '#262626', borderRadius: 16 }}>
        {CELLS.map((k) => <span key={k} className="portal-traffic-cell" style={{ width: '9vh', height: '9vh', borderRadius: '50%', background: colour }} />)}
      </div>
      <p lang={messages.lang} className="portal-traffic-message" style={{ margin: 0, fontSize: 'min(6vw, 48px)', fontWeight: 700, color: colour, textAlign: 'center' }}>
        {full ? messages.wait : messages.pass}
      </p>
      <p style={{ margin: 0, fontSize: 20, color: '#595959' }}>
        {record.name} · {t('display.occupancy', { current: record.currentCapacity, max: record.maxCapacity })}
        {!record.opened && ` · ${t('display.closed')}`}
      </p>
    </section>
  );
}

export function TrafficLightPage({ title }: PageProps) {
  const { t } = useTranslation('public');
  const { token = '', storeCode = '', language } = useParams();
  const poll = usePublicPoll<CapacityRecord>(token && storeCode ? publicPaths.storeCapacity(token, storeCode) : null);
  return (
    <PublicFrame title={title} poll={poll} invalidText={t('display.invalidLink')}>
      {(record) => <TrafficLight record={record} language={language} />}
    </PublicFrame>
  );
}
