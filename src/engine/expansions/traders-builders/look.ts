/**
 * Traders & Builders on the board, to the bots and in a player's words: the builder's and the
 * pig's figures, what they and goods are worth to a bot, its events as sentences.
 */
import type { ExpansionArt, ExpansionBots, ExpansionWords } from '../../contribution.js';

export const TRADERS_BUILDERS_ART: ExpansionArt = {
  figures: {
    // Tall and narrow, with a hat: unlike the round-shouldered meeple.
    builder: () => '<path d="M-5 13V-3c0-3 10-3 10 0v16Z"/><circle cy="-8" r="4.5"/><path d="M-7-11h14l-3-5h-8Z"/>',
    pig: () =>
      '<path d="M-9 5v5h4V6M4 6v4h4V5"/><ellipse rx="12" ry="7.5"/><ellipse cx="12" cy="-1" rx="3" ry="3.5"/><path d="M4-6l2-6 4 5Z"/>',
  },
};

export const TRADERS_BUILDERS_BOTS: ExpansionBots = {
  // The builder pays off over the turns to come; the pig is a steady bonus for a farmer.
  potential: { builder: (rest) => 0.5 + 2.5 * rest, pig: () => 1.5 },
  // A city with goods is worth a token more when completed.
  featurePotential: ({ feature }, completes, value) =>
    feature.kind === 'city' && feature.goods ? value + completes : value,
};

interface Goods {
  readonly wine: number;
  readonly wheat: number;
  readonly cloth: number;
}

export const TRADERS_BUILDERS_WORDS: ExpansionWords = {
  name: 'Traders & Builders',
  figures: { builder: { supply: 'builder' }, pig: { supply: 'pig' } },
  tileExtras: (features) => features.flatMap((f) => (f.kind === 'city' && f.goods ? [f.goods] : [])),
  event(e, say) {
    switch (e.type) {
      // The core's extra part of a turn is the builder's here.
      case 'bonusPartStarted':
        return `${say.name(e.seat as number)} began the builder's extra part`;
      case 'goodsAwarded': {
        const g = e.goods as Goods;
        const got = (['wine', 'wheat', 'cloth'] as const).filter((k) => g[k] > 0).map((k) => `${g[k]} ${k}`);
        if (got.length === 0) return null;
        const list = got.length > 1 ? `${got.slice(0, -1).join(', ')} and ${got.at(-1)}` : got[0];
        return `${say.name(e.seat as number)} gained ${list}`;
      }
      case 'goodsScored': {
        const points = e.points as { seat: number; points: number }[];
        return points.length === 0 ? null : `Most ${String(e.good)}: ${say.points(points)}`;
      }
      default:
        return undefined;
    }
  },
  player(p) {
    const g = p.goods as Goods | undefined;
    return g ? `${g.wine} wine, ${g.wheat} wheat, ${g.cloth} cloth` : '';
  },
  scoreReasons: { goods: 'goods' },
};
