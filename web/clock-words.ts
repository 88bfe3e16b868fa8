/** A game's clock settings in words, for the lobby and the game page (docs/web-client.md, "Clocks"). */

/** The settings as the state and the lobby show them. */
export interface ClockSettings {
  turnSeconds?: number;
  bankSeconds?: number;
  incrementSeconds?: number;
  onTimeout?: 'autopilot' | 'forfeit';
}

/** A duration in words for the lobby and the settings: "90 s", "10 min", "2 h". */
const span = (n: number) => (n < 120 ? `${n} s` : n < 7200 ? `${Math.round(n / 60)} min` : `${Math.round(n / 3600)} h`);

/** A clock's settings in words: "10 min each + 20 s a turn, 2 min per turn; forfeit at zero". */
export function clockSettingsText(clock: ClockSettings | undefined): string {
  if (!clock) return 'no clock';
  const parts: string[] = [];
  if (clock.bankSeconds !== undefined)
    parts.push(
      `${span(clock.bankSeconds)} each${clock.incrementSeconds ? ` + ${span(clock.incrementSeconds)} a turn` : ''}`,
    );
  if (clock.turnSeconds !== undefined) parts.push(`${span(clock.turnSeconds)} per turn`);
  return `${parts.join(', ')}${clock.onTimeout === 'forfeit' ? '; forfeit at zero' : ''}`;
}
