import Highcharts, { type AccessibilityOptions, type Chart, type Options } from 'highcharts';

/**
 * Highcharts' accessibility module (screen-reader descriptions, keyboard navigation, proxy buttons for
 * the legend) measured ~110 ms of the renderer's ~1.4 s from Login to the complete dashboard, all inside the one
 * long task that drew the nine charts. A chart is now first drawn without it, announced meanwhile as an image
 * named by its widget's title (what Highcharts does without the layer, plus the name), and gets its full layer in
 * a task of its own right after: one chart per task, in the order they were drawn. A chart drawn again later
 * (Refresh, another week) keeps its layer from the start. The layer is added to the chart as drawn, without
 * drawing it again: `chart.update()` redrew every axis, series and legend (~40-60 ms a chart, ~0.3-0.5 s of CPU
 * for nine charts after the last widget was filled, on a renderer the user is already using).
 */
const pending: (() => void)[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  pending.shift()?.();
  if (pending.length > 0) scheduleNext();
}

function scheduleNext(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

/** The options of a first draw: the same chart without its accessibility layer. */
export function withoutAccessibility(options: Options): Options {
  return { ...options, accessibility: { ...options.accessibility, enabled: false } };
}

/**
 * The options of a chart's first draw in a browser: its frame (axes, titles) and series without their points, which
 * fillLater() adds a task after. Highcharts' first chart on a page runs much of its code for the first time; drawn
 * whole, it was one long task that kept the page from answering.
 */
export function withoutPoints(options: Options): Options {
  return { ...options, series: options.series?.map((series) => ({ ...series, data: [] }) as typeof series) };
}

/**
 * Called with a chart drawn from withoutPoints(): hides it, and in a later task gives its series the points of
 * `latest()` (the options it should have by then) and shows it, so the frame without points is never seen. Queued
 * before the accessibility layer of the same chart. A chart destroyed meanwhile is skipped.
 */
export function fillLater(chart: Chart, latest: () => Options | null): void {
  chart.container.style.visibility = 'hidden';
  pending.push(() => {
    if (!chart.series) return; // destroyed: Highcharts deletes every property
    (latest()?.series ?? []).forEach((series, at) => {
      chart.series[at]?.setData((series as { data?: unknown[] }).data as Highcharts.PointOptionsType[], false, false, false);
    });
    chart.redraw(false);
    chart.container.style.visibility = '';
  });
  scheduleNext();
}

/** What Highcharts puts on a chart drawn without its accessibility layer (removed when the layer comes). */
const IMAGE_ATTRIBUTES = ['role', 'aria-hidden', 'aria-label'] as const;

/**
 * Called with a chart drawn by withoutAccessibility(): names it by `label` at once, and in a later task gives it
 * its accessibility layer (`accessibility`, the options it was meant to have). `onAdded` runs then. A chart
 * destroyed meanwhile (its widget left or reloaded) is skipped.
 */
export function addAccessibilityLater(chart: Chart, accessibility: AccessibilityOptions | undefined, label: string, onAdded: () => void): void {
  // The element the chart was drawn into (the one Highcharts marks as an image), not in Highcharts' public types.
  const host = (): HTMLElement | undefined => (chart as Chart & { renderTo?: HTMLElement }).renderTo;
  host()?.setAttribute('aria-label', label);
  pending.push(() => {
    const drawnInto = host();
    if (!drawnInto) return; // destroyed: Highcharts deletes every property
    IMAGE_ATTRIBUTES.forEach((name) => drawnInto.removeAttribute(name));
    chart.renderer.box.removeAttribute('aria-hidden');
    const layer = { ...accessibility, enabled: true };
    // What chart.update({ accessibility }) does, less the redraw: the options merged (the user's ones too, so a
    // later update keeps them) and the chart marked for the module, which builds the layer on the chart's
    // 'render' event (Highcharts' accessibility module: chartOnRender creates it from the drawn SVG).
    Highcharts.merge(true, chart.options.accessibility ?? {}, layer);
    chart.userOptions.accessibility = Highcharts.merge(chart.userOptions.accessibility ?? {}, layer);
    (chart as Chart & { a11yDirty?: boolean }).a11yDirty = true;
    Highcharts.fireEvent(chart, 'render');
    onAdded();
  });
  scheduleNext();
}

/** Charts still waiting for their accessibility layer (tests). */
export const chartsAwaitingAccessibility = (): number => pending.length;
