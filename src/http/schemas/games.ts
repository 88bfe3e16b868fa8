import { Type } from 'typebox';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../engine/index.js';
import { Strict } from './common.js';
import { ClockRequest, SeatRequestSchema, SeatViewSchema, Visibility } from './lifecycle.js';
import { RatedFlag } from '../../service/state-schema.js';
import { WebhookRequest, WebhookResponse } from './webhooks.js';
import type { Vocabulary } from './vocabulary.js';

/** More expansions than any registry offers: a longer list is malformed before it is read. */
const MAX_EXPANSIONS = 16;

/** Creating a game and a move's answer, with the app registry's expansions, events and state. */
export function gameSchemas(v: Vocabulary) {
  const MoveAcceptedResponse = Type.Object(
    {
      version: Type.Integer(),
      events: Type.Array(v.GameEvent),
      state: v.GameState,
    },
    { title: 'MoveAccepted' },
  );
  /** The answer to a submission sent with `Prefer: return=minimal`: no `state`. */
  const MoveAcceptedMinimalResponse = Type.Object(
    {
      version: Type.Integer(),
      events: Type.Array(v.GameEvent),
    },
    { title: 'MoveAcceptedMinimal' },
  );
  return {
    CreateGameBody: Strict(
      {
        players: Type.Array(SeatRequestSchema, { minItems: MIN_PLAYERS, maxItems: MAX_PLAYERS }),
        expansions: Type.Optional(Type.Array(v.ExpansionId, { maxItems: MAX_EXPANSIONS, uniqueItems: true })),
        rules: Type.Optional(v.RuleOptions),
        seed: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Secret; never shown again' })),
        tileOrder: Type.Optional(
          Type.Array(Type.String({ pattern: '^[a-z-]+/[A-Z]$' }), {
            maxItems: 500,
            description: 'Fixes the whole draw pile from the first draw (the state then says `pile: "fixed"`)',
          }),
        ),
        visibility: Type.Optional(Visibility),
        clock: Type.Optional(ClockRequest),
        webhook: Type.Optional(WebhookRequest),
        rated: Type.Optional(RatedFlag(': every seat must be an account (default false)')),
      },
      { title: 'CreateGame' },
    ),
    CreatedGameResponse: Type.Object(
      {
        id: Type.String(),
        seats: Type.Array(
          Type.Object({
            seat: Type.Integer(),
            name: Type.String(),
            kind: Type.Enum(['human', 'open', 'bot']),
            account: SeatViewSchema.properties.account,
            token: Type.Optional(
              Type.String({
                description:
                  "The secret that authorises moves for this seat (named seats only, not an account's: its key acts for it); shown only here",
              }),
            ),
          }),
        ),
        adminToken: Type.String({
          description:
            "The secret that may abort the game, reissue a seat's token or hand a seat to a bot; shown only here",
        }),
        state: v.GameState,
        events: Type.Array(v.GameEvent, { description: 'Events of the game start (the first draw)' }),
        webhook: Type.Optional(WebhookResponse),
      },
      { title: 'CreatedGame' },
    ),
    MoveAcceptedResponse,
    MoveAcceptedMinimalResponse,
    MoveAnswerResponse: Type.Union([MoveAcceptedResponse, MoveAcceptedMinimalResponse], {
      description: '`{ version, events, state }`, or without `state` when the request preferred `return=minimal`',
    }),
  };
}
