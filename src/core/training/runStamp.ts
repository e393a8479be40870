/** A readable UTC time stamp to the second (20261126T015611), as run ids and job folders have always carried. */
export const secondStamp = (now = new Date()): string => now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

/**
 * The stamp for a new batch of runs that no earlier run uses: two trainings started in the same second (a notebook
 * running cells back to back) once got the same run ids, so the second run's progress went to the first run's record
 * and both wrote the same runs/<id> folder. The second and later batches of one second get -2, -3, …
 */
export function freshStamp(inUse: (stamp: string) => boolean, now = new Date()): string {
  const base = secondStamp(now);
  if (!inUse(base)) return base;
  for (let k = 2; ; k++) {
    const s = `${base}-${k}`;
    if (!inUse(s)) return s;
  }
}
