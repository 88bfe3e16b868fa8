/** Shape checks of submitted moves (field types only; the rules come after). */
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const isOneOf = <T>(list: readonly T[], v: unknown): boolean => list.some((x) => x === v);
