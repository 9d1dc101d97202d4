/**
 * /capacities/{token}/{storeCode}/{language?}: the 10-cell traffic light at a library's entrance — green
 * with the 'pass' text under 100 %, red with the 'wait' text at 100 % or more; the whole page in the URL's
 * language, the document's lang included.
 */
import { useEffect } from 'react';
import type { CapacityRecord } from '@portal/contract';
import { useParams } from 'react-router-dom';
import type { PageProps } from '../App';
import { PublicFrame } from '../display/PublicFrame';
import { usePublicPoll } from '../display/usePublicPoll';
import { publicPaths } from '../polling/publicClient';
import { capacityMessages, displayTexts, type DisplayT } from './messages';
import { COLOUR_HEX, isFull, TRAFFIC_LIGHT_CELLS } from './rules';

const CELLS = Array.from({ length: TRAFFIC_LIGHT_CELLS }, (_, k) => k);

function TrafficLight({ record, language, t }: { record: CapacityRecord; language: string | undefined; t: DisplayT }) {
  const full = isFull(record.percentageCapacity);
  const messages = capacityMessages(language);
  const colour = COLOUR_HEX[full ? 'red' : 'green'];
  return (
    <section
      className="portal-traffic-light"
      data-state={full ? 'wait' : 'pass'}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 24 }}
    >
      <div
        role="img"
        aria-label={full ? messages.wait : messages.pass}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 9vh)', gap: '1.2vh', padding: '2vh', background: '#262626', borderRadius: 16 }}
      >
        {CELLS.map((k) => (
          <span key={k} className="portal-traffic-cell" style={{ width: '9vh', height: '9vh', borderRadius: '50%', background: colour }} />
        ))}
      </div>
      <p
        lang={messages.lang}
        className="portal-traffic-message"
        style={{ margin: 0, fontSize: 'min(6vw, 48px)', fontWeight: 700, color: colour, textAlign: 'center' }}
      >
        {full ? messages.wait : messages.pass}
      </p>
      <p style={{ margin: 0, fontSize: 20, color: '#595959' }}>
        {record.name} · {t('display.occupancy', { current: record.currentCapacity, max: record.maxCapacity })}
        {!record.opened && ` · ${t('display.closed')}`}
      </p>
    </section>
  );
}

// The title comes in the display language, not the interface's (PageProps' title).
export function TrafficLightPage(_props: PageProps) {
  const { token = '', storeCode = '', language } = useParams();
  const { lang, t } = displayTexts(language);
  useDocumentLanguage(lang);
  const poll = usePublicPoll<CapacityRecord>(token && storeCode ? publicPaths.storeCapacity(token, storeCode) : null);
  return (
    <PublicFrame title={t('titles.trafficLight')} poll={poll} invalidText={t('display.invalidLink')} t={t}>
      {(record) => <TrafficLight record={record} language={language} t={t} />}
    </PublicFrame>
  );
}

/** The document's language (screen readers, hyphenation, fonts) while the page shows; left to right. */
function useDocumentLanguage(lang: string) {
  useEffect(() => {
    const html = document.documentElement;
    const before = { lang: html.lang, dir: html.dir };
    html.lang = lang;
    html.dir = 'ltr';
    return () => {
      html.lang = before.lang;
      html.dir = before.dir;
    };
  }, [lang]);
}
