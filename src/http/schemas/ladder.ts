/** The bot ladder (`docs/ladder.md`): joining it, its page, and the sequential test between two bots. */
import { Type } from 'typebox';
import { ACCOUNT_KINDS } from '../../storage/accounts.js';
import { MIN_LADDER_GAMES } from '../../service/ladder/ladder.js';
import { PAIR_RESULTS } from '../../service/ladder/pair-result.js';
import { DEFAULT_SPRT } from '../../service/ladder/sprt.js';
import { Strict } from './common.js';

const At = Type.String({ format: 'date-time' });
const Kind = Type.Enum([...ACCOUNT_KINDS]);

export const JoinLadderBody = Strict(
  {
    maxGames: Type.Integer({
      minimum: MIN_LADDER_GAMES,
      maximum: 1000,
      description: 'Ladder games it plays at once at most (a match is two games played together)',
    }),
  },
  { title: 'JoinLadder' },
);

export const LadderEntryResponse = Type.Object(
  { name: Type.String(), maxGames: Type.Integer(), joinedAt: At },
  { title: 'LadderEntry' },
);

const Rating = Type.Object(
  {
    mu: Type.Number({ description: "The rating's mean" }),
    sigma: Type.Number({ description: 'Its uncertainty (a standard deviation)' }),
    games: Type.Integer({ description: 'Rated games it stands on' }),
    interval: Type.Array(Type.Number(), {
      minItems: 2,
      maxItems: 2,
      description: 'mu − 2 sigma, mu + 2 sigma',
    }),
  },
  { title: 'LadderRating' },
);

const Points = Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), { minItems: 2, maxItems: 2 });

export const LadderResponse = Type.Object(
  {
    bots: Type.Array(
      Type.Object({
        name: Type.String(),
        kind: Kind,
        maxGames: Type.Integer(),
        joinedAt: At,
        playing: Type.Integer({
          description:
            'The games of its matches being played (a match counts both its games until the round that settles it)',
        }),
        rating: Type.Union([Rating, Type.Null()], { description: 'null until it is rated' }),
        record: Type.Object(
          {
            pairs: Type.Integer({ description: 'Duplicate pairs finished' }),
            won: Type.Integer({ description: 'Pairs it won (both games, or one and a draw)' }),
            split: Type.Integer({ description: 'Pairs split (one game each, or two draws)' }),
            lost: Type.Integer(),
            points: Type.Number({ description: 'Games won, a draw counting ½' }),
          },
          { title: 'LadderRecord' },
        ),
      }),
    ),
    results: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          a: Type.String({ description: 'Seat 0 of the first game, seat 1 of the second' }),
          b: Type.String(),
          gameIds: Type.Array(Type.String(), { minItems: 2, maxItems: 2 }),
          points: { ...Points, description: "Each game's final points, [a's, b's]" },
          halves: Type.Integer({ minimum: 0, maximum: 4, description: "a's half games over the pair" }),
          result: Type.Enum([...PAIR_RESULTS], { description: "The pair from a's side" }),
          finishedAt: At,
        },
        { title: 'LadderResult' },
      ),
      { description: 'The latest finished pairs, newest first' },
    ),
  },
  { title: 'Ladder' },
);

const Elo = Type.Number({ minimum: -1000, maximum: 1000 });
const Chance = Type.Number({ exclusiveMinimum: 0, maximum: 0.5 });

export const SprtQuery = Strict({
  a: Type.String({ minLength: 1, maxLength: 200, description: 'The bot asked about: is it stronger than b?' }),
  b: Type.String({ minLength: 1, maxLength: 200 }),
  elo0: Type.Optional({ ...Elo, description: `H0's Elo difference (default ${DEFAULT_SPRT.elo0})` }),
  elo1: Type.Optional({ ...Elo, description: `H1's Elo difference, above elo0 (default ${DEFAULT_SPRT.elo1})` }),
  alpha: Type.Optional({
    ...Chance,
    description: `The chance of accepting H1 when H0 holds (default ${DEFAULT_SPRT.alpha})`,
  }),
  beta: Type.Optional({
    ...Chance,
    description: `The chance of accepting H0 when H1 holds (default ${DEFAULT_SPRT.beta})`,
  }),
});

export const SprtResponse = Type.Object(
  {
    a: Type.String(),
    b: Type.String(),
    parameters: Type.Object({ elo0: Type.Number(), elo1: Type.Number(), alpha: Type.Number(), beta: Type.Number() }),
    counts: Type.Array(Type.Integer(), {
      minItems: 5,
      maxItems: 5,
      description: "Finished pairs by a's half games over the pair: lost both, ½, split, 1½, won both",
    }),
    pairs: Type.Integer(),
    llr: Type.Number({ description: 'The log-likelihood ratio of H1 against H0' }),
    lower: Type.Number({ description: 'ln(beta / (1 − alpha)): H0 is accepted at or below' }),
    upper: Type.Number({ description: 'ln((1 − beta) / alpha): H1 is accepted at or above' }),
    verdict: Type.Enum(['H1', 'H0', 'continue'], {
      description:
        '`H1`: a is stronger than b by elo1 or more; `H0`: by no more than elo0; `continue`: more pairs are needed',
    }),
  },
  { title: 'LadderSprt' },
);
