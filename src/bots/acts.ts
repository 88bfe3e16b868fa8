/**
 * The lifecycle acts as a public log shows them (`docs/lifecycle.md`): entries of a game's log
 * beside the engine moves, counted by `version` like them, but never played on the engine game.
 * The bots own this vocabulary because everything that replays a public log (`PublicGame`, a
 * remote bot, the clients) must tell the two apart; the service's log (`src/game-log.ts`) adds
 * the token hashes it keeps and never shows.
 */
import { Type, type Static } from 'typebox';
import type { GameEvent, Move } from '../engine/index.js';
import { BOT_KINDS } from './types.js';

const Int = Type.Integer();
const BotSchema = Type.Enum([...BOT_KINDS]);

const act = <P extends Parameters<typeof Type.Object>[0] & { type: { const: string } }>(properties: P) =>
  Type.Object(properties, { title: `${properties.type.const[0].toUpperCase()}${properties.type.const.slice(1)}Act` });

/** Past tense: an act is a fact the service decided. Each act is also its one event. */
export const PublicActSchema = Type.Union(
  [
    act({ type: Type.Literal('seatJoined'), seat: Int, name: Type.String() }),
    act({ type: Type.Literal('tokenReissued'), seat: Int }),
    act({ type: Type.Literal('seatHandedToBot'), seat: Int, bot: BotSchema, level: Type.Optional(Int) }),
    act({ type: Type.Literal('gameAborted') }),
    act({
      type: Type.Literal('seatResigned'),
      seat: Int,
      reason: Type.Optional(
        Type.Literal('outOfTime', { description: "The clock's forfeit: the seat's time ran out (none: it resigned)" }),
      ),
    }),
    act({ type: Type.Literal('turnTimedOut'), seat: Int }),
  ],
  { title: 'Act', description: 'A lifecycle act: an entry of the log beside the moves, counted by `version`' },
);
export type PublicAct = Static<typeof PublicActSchema>;
export type ActType = PublicAct['type'];
export const ACT_TYPES = PublicActSchema.anyOf.map((a) => a.properties.type.const) as readonly ActType[];

/** An entry of a public log: an engine move or an act. */
export type LogEntry = Move | PublicAct;
/** What an entry produced: a move's events, or the act itself. */
export type LogEvent = GameEvent | PublicAct;

const ACT_SET: ReadonlySet<string> = new Set(ACT_TYPES);

/** An act, not an engine move (or, for an event, not an engine event): move and act types never share a name. */
export function isAct<T extends { type: string }>(entry: T): entry is Extract<T, { type: ActType }> {
  return ACT_SET.has(entry.type);
}
