/** A UTC date as Python's `datetime.isoformat()` prints it (what MNE reports as meas_date), or null when invalid. */
export function isoUtc(year: number, month: number, day: number, hour: number, minute: number, second: number, microsecond = 0): string | null {
  const parts = [year, month, day, hour, minute, second, microsecond];
  if (!parts.every(Number.isInteger)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  if (hour < 0 || minute < 0 || second < 0 || microsecond < 0 || microsecond > 999_999) return null;
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (d.getUTCDate() !== day) return null;
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const frac = microsecond ? `.${p(microsecond, 6)}` : '';
  return `${p(year, 4)}-${p(month)}-${p(day)}T${p(hour)}:${p(minute)}:${p(second)}${frac}+00:00`;
}

/** Seconds since the Unix epoch (UTC) as an ISO string like `isoUtc`. */
export function isoFromUnix(seconds: number, microsecond = 0): string | null {
  if (!Number.isFinite(seconds)) return null;
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return null;
  return isoUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), microsecond);
}
