import { translationProblems } from '@portal/i18n';
import { chartLang, chartResources, localizeChart } from './chartLocale';

const options: { xAxis: object; yAxis: object; legend: object; tooltip?: object; series: object[] } = {
  xAxis: { categories: ['Mon', 'Tue'] },
  yAxis: { min: 0 },
  legend: { enabled: true },
  series: [],
};

describe('localizeChart', () => {
  it('mirrors a chart in Arabic: the x axis reversed, the value axis on the right, legend and tooltip right to left', () => {
    const rtl = localizeChart(options, 'ar');
    // Labels that must turn to fit hang towards the chart, not off its left edge.
    expect(rtl.xAxis).toEqual({ categories: ['Mon', 'Tue'], reversed: true, labels: { autoRotation: [45] } });
    expect(rtl.yAxis).toEqual({ min: 0, opposite: true });
    expect(rtl.legend).toEqual({ enabled: true, rtl: true });
    expect(rtl.tooltip).toEqual({ rtl: true });
  });

  it("keeps a chart's own x axis labels in Arabic, its rotation too", () => {
    const styled = localizeChart({ ...options, xAxis: [{ labels: { style: { fontSize: '12px' } } }, { labels: { autoRotation: [-90] } }] }, 'ar');
    expect(styled.xAxis).toEqual([
      { reversed: true, labels: { autoRotation: [45], style: { fontSize: '12px' } } },
      { reversed: true, labels: { autoRotation: [-90] } },
    ]);
  });

  it('mirrors horizontal bars in Arabic: labels on the right, bars growing leftwards, rows in their order', () => {
    const bars = localizeChart({ ...options, series: [{ type: 'bar' }] }, 'ar');
    expect(bars.xAxis).toEqual({ categories: ['Mon', 'Tue'], opposite: true });
    expect(bars.yAxis).toEqual({ min: 0, reversed: true });
  });

  it('leaves a left-to-right chart unmirrored', () => {
    const ltr = localizeChart(options, 'es');
    expect(ltr.xAxis).toEqual(options.xAxis);
    expect(ltr.yAxis).toEqual(options.yAxis);
    expect(ltr.legend).toEqual(options.legend);
  });

  it("gives Highcharts' screen-reader texts in the interface language", () => {
    expect(localizeChart(options, 'es').lang.accessibility.chartTypes.lineMultiple).toBe('Gráfico de líneas con {numSeries} líneas.');
    expect(localizeChart(options, 'ar').lang.accessibility.svgContainerLabel).toBe('مخطط تفاعلي');
    expect(chartLang('fr').accessibility.screenReaderSection.endOfChartMarker).toBe('Fin du graphique interactif.');
  });

  it('has every text in the nine locales, with the same Highcharts placeholders', () => {
    expect(translationProblems(chartResources)).toEqual([]);
    const placeholders = (text: string) =>
      [...text.matchAll(/{([^}]+)}/g)]
        .map((m) => m[1].split(' ')[0].replace(/^[#/]/, ''))
        .filter((p) => !['eq', 'else'].includes(p))
        .sort();
    const flat = (tree: object, prefix = ''): Array<[string, string]> =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v as object, `${prefix}${k}.`)));
    const english = new Map(flat(chartResources['en-GB']));
    for (const [locale, tree] of Object.entries(chartResources)) {
      for (const [key, text] of flat(tree)) {
        expect([locale, key, [...new Set(placeholders(text))]]).toEqual([locale, key, [...new Set(placeholders(english.get(key)!))]]);
      }
    }
  });
});
