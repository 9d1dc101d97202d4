// @ts-check
/**
 * The time limit of one script run (./idScriptWorker.js), plain JavaScript like the worker. A run is over its
 * limit once its wall time passes `timeMs` AND the process has used `timeMs` of CPU since the run began, or at
 * the latest `loadGraceMs` after that: on an idle machine an endless loop stops at `timeMs`; on a loaded one a
 * short script the scheduler left waiting is not refused as too long.
 *
 * Reading the process's CPU time (`process.cpuUsage()`, ~2 µs here) cost about a quarter of a one-line script's
 * whole run (~8 µs), and an import starts 100,000 runs: ~0.2 s of the sandbox workers' CPU, their largest self time
 * in a CPU profile. A run's start takes the reading made in the same wall millisecond when there is one
 * (a run past its deadline reads afresh), so a start reads at most once a millisecond. That reading may be earlier
 * than the start by under a millisecond, which can only count the run's CPU time higher by the CPU the process used
 * meanwhile (under 1 ms a thread): a run is still never stopped before `timeMs` of wall time, and `timeMs` is
 * hundreds of milliseconds.
 */
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * `now` and `cpuMs` are the clocks (wall and process CPU, in ms); tests give their own.
 * @param {{ timeMs: number, loadGraceMs: number }} limits
 * @param {() => number} [now]
 * @param {() => number} [cpuMs]
 */
function createRunClock({ timeMs, loadGraceMs }, now = Date.now, cpuMs = processCpuMs) {
  let deadline = 0;
  let latest = 0;
  let cpuAtStart = 0;
  let readAt = Number.NaN;
  let reading = 0;
  return {
    /** Starts the clock of a run (or of a compile). */
    start() {
      const wall = now();
      deadline = wall + timeMs;
      latest = deadline + loadGraceMs;
      if (wall !== readAt) {
        readAt = wall;
        reading = cpuMs();
      }
      cpuAtStart = reading;
    },
    /** The interpreter's interrupt handler: true stops the run. */
    overrun() {
      const wall = now();
      if (wall <= deadline) return false;
      return wall > latest || cpuMs() - cpuAtStart >= timeMs;
    },
  };
}

module.exports = { createRunClock, processCpuMs };
