/**
 * /sipOperations/{storeCode}: the public page behind the library form's link. Today's self-service activity
 * of the library, counts by type and status only (anyone with the link can open it).
 */
import type { PublicSipSummary } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PageProps } from '../App';
import { PublicFrame } from '../display/PublicFrame';
import { usePublicPoll } from '../display/usePublicPoll';
import { publicPaths } from '../polling/publicClient';

const cell = { padding: '6px 12px', borderBottom: '1px solid #f0f0f0', textAlign: 'end' as const };

function SipSummary({ summary }: { summary: PublicSipSummary }) {
  const { t } = useTranslation('public');
  // Rows and columns in the order the server lists them (every type × every status): no copy of the lists here.
  const types = [...new Set(summary.counts.map((c) => c.type))];
  const statuses = [...new Set(summary.counts.map((c) => c.status))];
  const count = (type: string, status: string) => summary.counts.find((c) => c.type === type && c.status === status)?.count ?? 0;
  return (
    <section>
      <h2 style={{ fontSize: 22, margin: '0 0 8px' }}>
        {summary.storeName} · {summary.date}
      </h2>
      {summary.total === 0 && <p>{t('sip.none')}</p>}
      <table style={{ borderCollapse: 'collapse', fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'start' }}>{t('sip.type')}</th>
            {statuses.map((status) => (
              <th key={status} style={cell}>
                {t(`sip.statuses.${status}`)}
              </th>
            ))}
            <th style={cell}>{t('sip.total')}</th>
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type}>
              <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 400 }}>
                {t(`sip.types.${type}`)}
              </th>
              {statuses.map((status) => (
                <td key={status} style={cell}>
                  {count(type, status)}
                </td>
              ))}
              <td style={{ ...cell, fontWeight: 700 }}>{statuses.reduce((n, status) => n + count(type, status), 0)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" style={{ ...cell, textAlign: 'start' }}>
              {t('sip.total')}
            </th>
            {statuses.map((status) => (
              <td key={status} style={{ ...cell, fontWeight: 700 }}>
                {types.reduce((n, type) => n + count(type, status), 0)}
              </td>
            ))}
            <td style={{ ...cell, fontWeight: 700 }}>{summary.total}</td>
          </tr>
        </tbody>
      </table>
      <p style={{ color: '#595959' }}>
        {summary.lastOperationAt && <span>{t('sip.lastOperation', { time: summary.lastOperationAt.slice(11, 16) })} · </span>}
        {t('sip.updatedAt', { time: summary.updatedAt.slice(11, 16) })}
      </p>
    </section>
  );
}

export function PublicSipPage({ title }: PageProps) {
  const { t } = useTranslation('public');
  const { storeCode = '' } = useParams();
  const poll = usePublicPoll<PublicSipSummary>(storeCode ? publicPaths.sipSummary(storeCode) : null);
  return (
    <PublicFrame title={title} poll={poll} invalidText={t('display.unknownLibrary')}>
      {(summary) => <SipSummary summary={summary} />}
    </PublicFrame>
  );
}
