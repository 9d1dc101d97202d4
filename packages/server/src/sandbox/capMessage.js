// @ts-check
/**
 * The one length cap of error texts: plain JavaScript, so the sandbox's worker thread
 * (./idScriptWorker.js) cuts a script's error before it crosses to the main thread, and the server's TypeScript
 * (../errorLimits.ts) cuts every message it answers with the same rule. A script throwing a 2,000,000 character
 * text made a 150-row import answer 200 MB.
 */

/** Longest message answered, in UTF-16 code units (the ellipsis included). */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * `text` when it has at most `max` code units; otherwise its start and an ellipsis, `max` code units in all,
 * never ending in half a surrogate pair.
 * @param {unknown} text
 * @param {number} [max]
 * @returns {string}
 */
function capMessage(text, max = MAX_MESSAGE_LENGTH) {
  const value = String(text);
  if (value.length <= max) return value;
  let end = Math.max(0, max - 1);
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}…`;
}

module.exports = { MAX_MESSAGE_LENGTH, capMessage };
