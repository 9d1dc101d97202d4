/**
 * A chart is drawn when it comes near the screen: one whose data arrived below the fold waits, in a placeholder of
 * its height, until scrolled to (an IntersectionObserver stand-in tells the page what is on screen), then drawn in a
 * task of its own.
 */
import { act, waitFor, within } from '@testing-library/react';
import { renderDashboard, widget } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(180_000);

const watched = new Set<{ element: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver }>();

class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    watched.add({ element, callback: this.callback, observer: this as unknown as IntersectionObserver });
  }
  disconnect() {
    for (const entry of watched) if (entry.observer === (this as unknown as IntersectionObserver)) watched.delete(entry);
  }
}

/** Tells every observer watching inside the widget that its element is on screen. */
function scrollTo(title: string) {
  const card = widget(title);
  for (const { element, callback, observer } of [...watched]) {
    if (card.contains(element)) callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], observer);
  }
}

beforeAll(() => {
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: FakeIntersectionObserver });
});
afterAll(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

it('draws a chart with data only once it is near the screen', async () => {
  await renderDashboard();
  await waitFor(() => expect(widget('Current Week')).toHaveAttribute('aria-busy', 'false'));
  expect(within(widget('Current Week')).queryByTestId('chart')).toBeNull();
  expect(within(widget('Alarms per Week')).queryByTestId('chart')).toBeNull();

  act(() => scrollTo('Current Week'));
  // Drawn in its turn, a task after (useDrawTurn).
  await waitFor(() => expect(within(widget('Current Week')).getByTestId('chart')).toBeInTheDocument());
  expect(within(widget('Alarms per Week')).queryByTestId('chart')).toBeNull();
});
