/**
 * The time limit of one script run (./idScriptWorker.js), plain JavaScript like the worker. A run is over its
 * limit once its wall time passes `timeMs` AND the process has used `timeMs` of CPU since the run began, or at
 * the latest `loadGraceMs` after that: on an idle machine an endless loop stops at `timeMs`; on a loaded one a
 * short script the scheduler left waiting is not refused as too long.
 */
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `now` and `cpuMs` are the clocks (wall and process CPU, in ms); tests give their own. */
function createRunClock({ timeMs, loadGraceMs }, now = Date.now, cpuMs = processCpuMs) {
  let deadline = 0;
  let latest = 0;
  let cpuAtStart = 0;
  return {
    /** Starts the clock of a run (or of a compile). */
    start() {
      deadline = now() + timeMs;
      latest = deadline + loadGraceMs;
      cpuAtStart = cpuMs();
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
