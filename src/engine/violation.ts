import type { ErrorCode, RuleViolation } from './types.js';

export const violation = (code: ErrorCode, reason: string): RuleViolation => ({ code, reason });
