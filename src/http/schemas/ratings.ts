/** Ratings and the leaderboard (`docs/accounts.md`): openskill's mu and sigma, shown as mu - 3 sigma. */
import { Type } from 'typebox';
import { ACCOUNT_KINDS } from '../../storage/accounts.js';

const MAX_LEADERBOARD_PAGE = 100;

/** An account's rating members: the same in an account's view and on the leaderboard. */
export const RatingMembers = {
  rating: Type.Number({
    description: 'The displayed rating: mu - 3 sigma, a conservative estimate (0 for a new account)',
  }),
  mu: Type.Number({ description: 'The estimate of skill (25 for a new account)' }),
  sigma: Type.Number({
    description: "The estimate's uncertainty (25/3 for a new account): it shrinks as games are played",
  }),
  games: Type.Integer({ description: 'Rated games played' }),
};

export const RatingView = Type.Object(RatingMembers, { title: 'Rating' });

export const LeaderboardQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LEADERBOARD_PAGE, description: 'Accounts per page (default 50)' }),
    ),
    after: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The cursor of the next page (from `next`)' }),
    ),
  },
  { additionalProperties: false },
);

export const LeaderboardResponse = Type.Object(
  {
    accounts: Type.Array(
      Type.Object({
        name: Type.String(),
        kind: Type.Enum([...ACCOUNT_KINDS], { description: '`bot` is the bot badge' }),
        ...RatingMembers,
      }),
      { description: 'The accounts that played a rated game, highest rating first' },
    ),
    next: Type.Optional(
      Type.String({ description: 'The next page (also in the `Link` header), when this one is full' }),
    ),
  },
  { title: 'Leaderboard' },
);
