/**
 * The body a delivery is sent with, by its webhook's format (`docs/webhooks.md`, "Formats"):
 * `json` is the stored document itself, byte for byte; `discord` and `slack` are that service's
 * incoming-webhook message, one line said from the same document at the send. Players choose
 * their names, and a name must never reach a chat as markup: no mention (`@everyone`, `<@id>`,
 * Slack's `<!channel>`), no masked link, and on Discord no markdown (Slack has no escape for its
 * `*bold*`, which harms nobody). A name can hold no zero-width space (`http/player-name.ts`), so
 * one after each `@` is ours alone and breaks every mention, even one a chat would read unbracketed.
 */
import type { DeliveryPayload, WebhookFormat } from '../../storage/deliveries.js';

const NO_MENTION = '@\u200b';

/** How a chat is written to: a player's name as plain text, and a link. */
interface Chat {
  name: (text: string) => string;
  link: (url: string) => string;
}

const DISCORD: Chat = {
  // Its markdown characters are shown as themselves after a backslash.
  name: (text) => text.replace(/[\\*_~`|<>#[\]()-]/g, '\\$&').replace(/@/g, NO_MENTION),
  link: (url) => url,
};

/** Slack's three control characters (its docs: "Escaping text"); its mentions all begin with `<`. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SLACK: Chat = { name: (text) => slackEscape(text).replace(/@/g, NO_MENTION), link: slackEscape };

/** The game's page in the web client (`docs/web-client.md`), as a spectator opens it. */
export function gameLink(publicUrl: string, gameId: string): string {
  return `${publicUrl}/play/game.html#id=${encodeURIComponent(gameId)}`;
}

/**
 * One line for a delivery: what happened, then the game's link after a colon (with a public URL),
 * or a full stop. Names are what players wrote, escaped; the game id, the server's, is code.
 */
function chatLine(payload: DeliveryPayload, publicUrl: string | null, { name, link }: Chat): string {
  const { data } = payload;
  const game = `game \`${payload.gameId}\``;
  let lead: string;
  switch (payload.type) {
    case 'seatMustAct': {
      const until = typeof data.deadline === 'string' ? ` (until ${data.deadline})` : '';
      lead = `${name(String(data.name))}, it's your turn in ${game}${until}`;
      break;
    }
    case 'seatJoined':
      lead = `${name(String(data.name))} took seat ${Number(data.seat) + 1} in ${game}`;
      break;
    case 'seatResigned':
      lead = `Seat ${Number(data.seat) + 1} resigned from ${game}`;
      break;
    case 'turnTimedOut':
      lead = `Seat ${Number(data.seat) + 1} ran out of time in ${game}: its autopilot plays the turn`;
      break;
    case 'gameFinished': {
      const scores = data.scores as { name: string; score: number }[];
      lead = `The ${game} is over (${scores.map((s) => `${name(s.name)} ${s.score}`).join(', ')})`;
      break;
    }
    case 'gameAborted':
      lead = `The ${game} was aborted`;
      break;
  }
  return publicUrl === null ? `${lead}.` : `${lead}: ${link(gameLink(publicUrl, payload.gameId))}`;
}

/** The body a receiver of `format` is sent for `payload`. */
export function deliveryBody(format: WebhookFormat, payload: DeliveryPayload, publicUrl: string | null): string {
  switch (format) {
    case 'json':
      return JSON.stringify(payload);
    case 'discord':
      // `parse: []` besides the escapes: Discord itself then pings nobody, whatever the text says.
      return JSON.stringify({ content: chatLine(payload, publicUrl, DISCORD), allowed_mentions: { parse: [] } });
    case 'slack':
      return JSON.stringify({ text: chatLine(payload, publicUrl, SLACK) });
  }
}
