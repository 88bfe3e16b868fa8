/**
 * The leaderboard (`service/accounts/ratings.ts`, `docs/accounts.md`): the accounts that played a
 * rated game, highest rating first, a page at a time. A page's cursor is the last line's rating
 * and account id (`../list-cursors.ts`).
 */
import { cursorParts, cursorText, numberKey } from '../list-cursors.js';
import { nextPage } from '../next-page.js';
import { problems } from '../schemas/common.js';
import { LeaderboardQuery, LeaderboardResponse } from '../schemas/ratings.js';
import type { LeaderboardCursor } from '../../storage/ratings.js';
import type { App, RouteOptions } from '../types.js';

const DEFAULT_LEADERBOARD_PAGE = 50;
const cursorOf = (text: string): LeaderboardCursor => {
  const [rating, accountId] = cursorParts(text, 'the leaderboard', numberKey);
  return { rating: Number(rating), accountId };
};

export function leaderboardRoutes(app: App, { service }: RouteOptions): void {
  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The accounts that played rated games, highest rating first, a page at a time',
        description:
          'The rating is mu - 3 sigma (openskill, Weng-Lin); `sigma` is its uncertainty. The `next` link (also in `Link`) holds an opaque cursor.',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, ...problems(400, 503) },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_LEADERBOARD_PAGE;
      const after = request.query.after === undefined ? null : cursorOf(request.query.after);
      const page = await service.ratings.leaderboard(after, limit);
      if (page.next === null) return { accounts: page.lines };
      return {
        accounts: page.lines,
        next: nextPage(reply, '/leaderboard', { limit, after: cursorText(page.next.rating, page.next.accountId) }),
      };
    },
  );
}
