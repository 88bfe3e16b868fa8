/** Shape checks of submitted moves (field types only; the rules come after). */
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
/** A loop, not some() with a closure: every submitted move's shape is checked. */
export const isOneOf = <T>(list: readonly T[], v: unknown): boolean => {
  for (const x of list) if (x === v) return true;
  return false;
};
