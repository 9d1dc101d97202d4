import { screen } from '@testing-library/react';
import type { CapacityRecord } from '@portal/contract';
import { setLanguage } from '@portal/i18n';
import { advance, renderPublic, scriptFetch } from '../display/testing';
import { CAPACITY_MESSAGES } from './messages';

const library = (percentageCapacity: number): CapacityRecord => ({
  name: 'Biblioteca Sant Antoni',
  storeCode: 'BIB-001',
  opened: true,
  currentCapacity: percentageCapacity * 2,
  maxCapacity: 200,
  percentageCapacity,
});

beforeAll(() => setLanguage('en-GB'));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const light = () => document.querySelector<HTMLElement>('.portal-traffic-light');

describe('/capacities/{token}/{storeCode}/{language?}', () => {
  it('10 green cells with the Catalan pass text under 100 %; red with the wait text at 100 % on the next poll', async () => {
    let percentage = 99;
    const urls = scriptFetch(() => ({ status: 200, body: library(percentage) }));
    renderPublic('/capacities/tok123/BIB-001/ca');
    await advance(10);
    expect(urls[0]).toBe('/api/statistics/capacities/tok123/BIB-001');
    expect(light()?.dataset.state).toBe('pass');
    expect(document.querySelectorAll('.portal-traffic-cell')).toHaveLength(10);
    expect(screen.getByText(CAPACITY_MESSAGES.ca.pass)).toHaveAttribute('lang', 'ca');
    percentage = 100;
    await advance(5000);
    expect(light()?.dataset.state).toBe('wait');
    expect(screen.getByText(CAPACITY_MESSAGES.ca.wait)).toBeInTheDocument();
  });

  it.each([
    ['eu', CAPACITY_MESSAGES.eu.wait],
    ['ca0', CAPACITY_MESSAGES.ca0.wait],
    ['es', CAPACITY_MESSAGES.es.wait],
    ['xx', CAPACITY_MESSAGES.es.wait],
    [undefined, CAPACITY_MESSAGES.es.wait],
  ])('language %s → its wait text (unknown → Spanish)', async (language, text) => {
    scriptFetch(() => ({ status: 200, body: library(130) }));
    renderPublic(`/capacities/tok123/BIB-001${language ? `/${language}` : ''}`);
    await advance(10);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['ca', "Control d'accés", 'Tancat', '100 de 200 persones'],
    ['ca0', "Control d'accés", 'Tancat', '100 de 200 persones'],
    ['eu', 'Sarbide-kontrola', 'Itxita', '100 / 200 pertsona'],
  ])('language %s: the whole page and the document speak it, whatever the interface language', async (language, title, closed, occupancy) => {
    scriptFetch(() => ({ status: 200, body: { ...library(50), opened: false } }));
    const { unmount } = renderPublic(`/capacities/tok123/BIB-001/${language}`);
    await advance(10);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(light()).toHaveTextContent(`Biblioteca Sant Antoni · ${occupancy} · ${closed}`);
    expect(document.documentElement).toHaveAttribute('lang', language === 'ca0' ? 'ca' : language);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    unmount();
    expect(document.documentElement).toHaveAttribute('lang', 'en-GB');
  });

  it('a library the token does not reach: the invalid-link message', async () => {
    scriptFetch(() => ({ status: 404, body: { code: 'STORE_CODE_UNKNOWN' } }));
    renderPublic('/capacities/tok123/BIB-999/es');
    await advance(10);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(light()).toBeNull();
  });
});
