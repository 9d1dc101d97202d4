/**
 * What every Highcharts chart of the portal takes from the interface language, in one place (dashboard and
 * counters): Highcharts' own texts (the hidden screen-reader descriptions, Reset zoom) translated through i18next,
 * and in a right-to-left language the chart mirrored: the x axis runs from the right, the value axis stands on the
 * right (horizontal bars grow leftwards from their labels on the right), legend and tooltips read right to left.
 * Structural types: @portal/ui does not load Highcharts.
 */
import { i18n, isRtl, registerTranslations, toLocale } from '@portal/i18n';
import ar from './locales/ar.json';
import ca from './locales/ca.json';
import enGB from './locales/en-GB.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

export const CHARTS_NS = 'charts';
export const chartResources = { 'en-GB': enGB, 'en-US': enUS, es, ca, fr, pt, nl, pl, ar };
registerTranslations(CHARTS_NS, chartResources);

/** The parts of Highcharts' Options this touches. */
export interface LocalizableChartOptions {
  chart?: object;
  series?: readonly object[];
  lang?: object;
  xAxis?: object | object[];
  yAxis?: object | object[];
  legend?: object;
  tooltip?: object;
}

/** Highcharts' `lang` texts in `language`, from i18next's resources (every locale is complete: a test says so). */
export function chartLang(language: string): typeof es {
  return (i18n.getResourceBundle(toLocale(language), CHARTS_NS) ?? es) as typeof es;
}

/** `change` applied to an axis, or to each of a chart's axes. */
const eachAxis = (axis: object | object[] | undefined, change: (axis: object) => object): object | object[] =>
  Array.isArray(axis) ? axis.map(change) : change(axis ?? {});

/**
 * The x axis from the right. Its labels, when they must turn to fit, turn the mirrored way (45° rather than
 * Highcharts' -45°): they hang towards the chart rather than off its left edge, where the last one was cut short.
 */
const mirroredX = (axis: object): object => ({
  ...axis,
  reversed: true,
  labels: { autoRotation: [45], ...(axis as { labels?: object }).labels },
});

/** Horizontal bars: Highcharts draws the x (category) axis vertically and the values horizontally. */
function isInverted({ chart, series = [] }: LocalizableChartOptions): boolean {
  const { inverted, type } = (chart ?? {}) as { inverted?: boolean; type?: string };
  return inverted === true || type === 'bar' || series.some((s) => (s as { type?: string }).type === 'bar');
}

/** The chart's options in `language`: Highcharts' texts translated, and mirrored when it is written right to left. */
export function localizeChart<O extends LocalizableChartOptions>(options: O, language: string): O & { lang: ReturnType<typeof chartLang> } {
  const localized = { ...options, lang: { ...chartLang(language), ...options.lang } };
  if (!isRtl(language)) return localized;
  const inverted = isInverted(options);
  return {
    ...localized,
    xAxis: eachAxis(options.xAxis, inverted ? (axis) => ({ ...axis, opposite: true }) : mirroredX),
    yAxis: eachAxis(options.yAxis, (axis) => ({ ...axis, ...(inverted ? { reversed: true } : { opposite: true }) })),
    legend: { ...options.legend, rtl: true },
    tooltip: { ...options.tooltip, rtl: true },
  };
}
