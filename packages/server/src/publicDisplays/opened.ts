/** Whether a library is open at a wall-clock time, from its opening hours (`HH:mm`). */

/**
 * `now` is the library's `YYYY-MM-DD HH:mm:ss`. Open from `startTime` (included) to `endTime` (excluded);
 * hours crossing midnight (start after end) are open until `endTime` of the next day; equal times mean
 * open all day.
 */
export function isOpenAt(now: string, startTime: string, endTime: string): boolean {
  const time = now.slice(11, 16);
  if (startTime === endTime) return true;
  return startTime < endTime ? startTime <= time && time < endTime : time >= startTime || time < endTime;
}
