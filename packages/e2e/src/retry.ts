/**
 * A scenario that fails is run once more before it counts as failed: a real browser on two cores shared with
 * a server sometimes loses a race a user would never notice (an animation, a slow first paint). The first
 * failure is printed, and scripts/summary.js lists every test that passed only on its retry, so a flaky
 * scenario stays visible in every CI log and is fixed, never silently tolerated.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
