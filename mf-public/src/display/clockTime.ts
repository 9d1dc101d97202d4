const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of an instant in the display's own clock (the one people at the entrance read). */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
