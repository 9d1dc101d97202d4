import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Charts take turns to be drawn, one chart per task, after the commit that made them ready: Highcharts draws a chart
 * synchronously when it mounts, so charts whose data arrived together, or a chart and the page its data fill, would
 * otherwise be drawn in one React commit, a long task that blocks the page. Each turn is rendered at once (flushSync)
 * in a timer task of its own, so two turns never share a commit; the page stays responsive between them.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  const draw = waiting.shift();
  if (draw) flushSync(draw);
  if (waiting.length > 0) scheduleNext();
}

function scheduleNext(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

/** Queues `draw` for a turn of its own; the answer takes it out of the queue if its turn has not come yet. */
export function takeTurn(draw: () => void): () => void {
  waiting.push(draw);
  scheduleNext();
  return () => {
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * Whether a chart that is `ready` to be drawn (seen, with data) has had its turn. Once true, stays true: a chart
 * drawn again later (Refresh, another week) updates in its own commit. Like useSeen, true as soon as ready where the
 * browser cannot tell what is on screen (no IntersectionObserver, as in jsdom), where charts are drawn all at once.
 */
export function useDrawTurn(ready: boolean): boolean {
  const [turn, setTurn] = useState(false);
  const atOnce = typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    if (!ready || turn || atOnce) return undefined;
    return takeTurn(() => setTurn(true));
  }, [ready, turn, atOnce]);
  return turn || (ready && atOnce);
}
