/**
 * The per-library bar chart drawn by real Highcharts at a card's width: library names on the vertical axis may take
 * at most about half of it, so the plot keeps its room on a phone. jsdom measures no text: SVG text is given a
 * fixed-width font here (6 px a character), which is what Highcharts asks the browser for when it lays labels out.
 */
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { localizeChart } from '@portal/ui';
import { buildChartOptions } from './chartOptions';

const CHAR_WIDTH = 6;
/** The text a browser draws: a shortened label's <title> (its whole name, shown on hover) takes no room. */
const drawnText = (element: Element): string =>
  [...element.childNodes].map((node) => (node instanceof Element ? (node.tagName === 'title' ? '' : drawnText(node)) : (node.textContent ?? ''))).join('');
const textWidth = (element: Element) => drawnText(element).length * CHAR_WIDTH;
type Measured = SVGElement & { getBBox?: () => DOMRect; getSubStringLength?: (start: number, count: number) => number };
const svgProto = window.SVGElement.prototype as Measured;

beforeAll(() => {
  svgProto.getBBox = function getBBox(this: SVGElement) {
    const text = this.tagName === 'text' || this.tagName === 'tspan';
    // The chart's own <svg>: its size (Highcharts takes a box without width for a hidden chart).
    const width = text ? textWidth(this) : Number(this.getAttribute('width') ?? 0);
    return { x: 0, y: 0, width, height: text ? 14 : Number(this.getAttribute('height') ?? 0) } as DOMRect;
  };
  svgProto.getSubStringLength = function getSubStringLength(this: SVGElement, _start: number, count: number) {
    return Math.min(count, drawnText(this).length) * CHAR_WIDTH;
  };
});

afterAll(() => {
  delete svgProto.getBBox;
  delete svgProto.getSubStringLength;
});

afterEach(() => {
  Highcharts.charts.forEach((chart) => chart?.destroy());
  document.body.innerHTML = '';
});

// 30-36 characters: 180-216 px in the test's font, about as wide as the demo's library names in 11 px type.
const LIBRARIES = ['Biblioteca Sant Antoni - Joan Oliver', 'Biblioteca Jaume Fuster de Gràcia', 'Biblioteca Vapor Vell de Sants'];

function draw(width: number, language = 'en-GB') {
  const options = buildChartOptions(
    { chartType: 'bar', data: LIBRARIES.map((label, i) => ({ label, value: 10 * (i + 1) })), seriesName: 'Visitors', colorMap: {}, width },
    'Visitors',
  );
  const host = document.createElement('div');
  document.body.append(host);
  // Every SVG length set while drawing: a browser reports one below zero in the console ("A negative value is not valid").
  const negative: string[] = [];
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if ((name === 'width' || name === 'height') && Number(value) < 0) negative.push(`<${this.tagName} ${name}="${value}">`);
    setAttribute.call(this, name, value);
  };
  let chart: Highcharts.Chart;
  try {
    chart = Highcharts.chart(host, localizeChart({ ...options, chart: { ...options.chart, width } }, language));
  } finally {
    Element.prototype.setAttribute = setAttribute;
  }
  const labels = [...host.querySelectorAll('.highcharts-xaxis-labels text')];
  return { chart, labels, negative };
}

describe.each(['en-GB', 'ar'])('the per-library bar chart (%s)', (language) => {
  it.each([46, 98, 160, 300])('keeps a plot and no negative size in a %i px wide card, names shortened', (width) => {
    const { chart, labels, negative } = draw(width, language);
    expect(negative).toEqual([]);
    expect(chart.plotWidth).toBeGreaterThan(0);
    expect(chart.plotWidth).toBeGreaterThanOrEqual(width / 2 - 30);
    const shown = labels.map(drawnText);
    expect(shown).toHaveLength(LIBRARIES.length);
    expect(shown.filter((text, i) => text === LIBRARIES[i])).toEqual([]);
  });

  it.each([440, 600])('reads every whole name in a %i px wide card', (width) => {
    const { labels, negative } = draw(width, language);
    expect(negative).toEqual([]);
    expect(labels.map(drawnText)).toEqual(LIBRARIES);
  });
});
