/** A form's clock fields as the API's `clock` (docs/lifecycle.md): the lobby's creation and its challenges. */
import type { CreateGame } from './api.js';

/** A text field's value: the forms have no file inputs, and a missing field reads as empty. */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** The clock the form asks for, or none; the server refuses a wrong one with its reason. */
export function clockOf(data: FormData): CreateGame['clock'] {
  const number = (name: string) => {
    const text = textOf(data, name).trim();
    return text === '' ? undefined : Number(text);
  };
  const turnSeconds = number('turnSeconds');
  const bankMinutes = number('bankMinutes');
  const incrementSeconds = number('incrementSeconds');
  if (turnSeconds === undefined && bankMinutes === undefined) return undefined;
  return {
    ...(turnSeconds === undefined ? {} : { turnSeconds }),
    ...(bankMinutes === undefined ? {} : { bankSeconds: bankMinutes * 60 }),
    ...(incrementSeconds === undefined || bankMinutes === undefined ? {} : { incrementSeconds }),
    onTimeout: textOf(data, 'onTimeout') === 'forfeit' ? 'forfeit' : 'autopilot',
  };
}
