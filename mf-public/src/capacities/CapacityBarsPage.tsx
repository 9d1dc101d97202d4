/** /capacities/{token}: one horizontal bar per area of the token user's libraries (data-areas §2). */
import type { CapacityRecord } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PageProps } from '../App';
import { PublicFrame } from '../display/PublicFrame';
import { usePublicPoll } from '../display/usePublicPoll';
import { publicPaths } from '../polling/publicClient';
import { BAR_HEIGHT_PX, capacityColour, COLOUR_HEX, shownOccupancy, truncateName } from './rules';

function CapacityBar({ record }: { record: CapacityRecord }) {
  const { t } = useTranslation('public');
  const { current, percentage } = shownOccupancy(record);
  const colour = capacityColour(percentage);
  return (
    <li
      className="portal-capacity-bar"
      data-colour={colour}
      data-store-code={record.storeCode}
      title={record.name}
      style={{ display: 'flex', alignItems: 'center', gap: 12, height: BAR_HEIGHT_PX, marginBottom: 6 }}
    >
      <span style={{ flex: '0 0 32ch', overflow: 'hidden', whiteSpace: 'nowrap' }}>{truncateName(record.name)}</span>
      <span style={{ flex: 1, height: '100%', background: '#f0f0f0', position: 'relative' }}>
        <span style={{ position: 'absolute', insetBlock: 0, insetInlineStart: 0, width: `${Math.min(100, percentage)}%`, background: COLOUR_HEX[colour] }} />
      </span>
      <span className="portal-capacity-value" style={{ flex: '0 0 20ch', fontVariantNumeric: 'tabular-nums' }}>
        {`${current}/${record.maxCapacity} · ${percentage} %`}
        {!record.opened && <span style={{ color: '#595959' }}>{` · ${t('display.closed')}`}</span>}
      </span>
    </li>
  );
}

export function CapacityBarsPage({ title }: PageProps) {
  const { t } = useTranslation('public');
  const { token = '' } = useParams();
  const poll = usePublicPoll<CapacityRecord[]>(token ? publicPaths.capacities(token) : null);
  return (
    <PublicFrame title={title} poll={poll} invalidText={t('display.invalidLink')}>
      {(records) =>
        records.length === 0 ? (
          <p>{t('display.noAreas')}</p>
        ) : (
          <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 16 }}>
            {records.map((record, k) => (
              <CapacityBar key={`${record.storeCode}|${record.name}|${k}`} record={record} />
            ))}
          </ul>
        )
      }
    </PublicFrame>
  );
}
