/**
 * Abbey & Mayor on the board, to the bots and in a player's words: the mayor's, the wagon's
 * and the barn's figures, what they are worth to a bot, its moves and events as sentences.
 */
import type { ExpansionArt, ExpansionBots, ExpansionWords } from '../../contribution.js';

export const ABBEY_MAYOR_ART: ExpansionArt = {
  figures: {
    // A larger meeple with a crown.
    mayor: (meeple) => `<path transform="scale(1.3)" d="${meeple}"/><path d="M-6-15l-1-8 4 4 3-6 3 6 4-4-1 8Z"/>`,
    wagon: () => '<path d="M-12-8h24v10h-24Z"/><circle cx="-7" cy="5" r="4.5"/><circle cx="7" cy="5" r="4.5"/>',
    barn: () => '<path d="M-12 11V-2L0-12 12-2v13Z"/><path d="M-4 11V3h8v8" fill="none"/>',
  },
};

export const ABBEY_MAYOR_BOTS: ExpansionBots = {
  // A barn stays for good and is worth most late, when the fields are laid out.
  potential: { barn: (rest) => 2 + 3 * (1 - rest) },
  // The mayor counts the city's pennants, 2 each, instead of its tiles.
  featurePotential: ({ kind, feature }, completes, value) =>
    kind === 'mayor' && feature.kind === 'city'
      ? value + (2 * feature.pennants - (3 + feature.pennants)) * completes
      : value,
};

type Pos = { readonly x: number; readonly y: number };

export const ABBEY_MAYOR_WORDS: ExpansionWords = {
  name: 'Abbey & Mayor',
  figures: { mayor: { supply: 'mayor' }, wagon: { supply: 'wagon' }, barn: { supply: 'barn' } },
  move(m, say) {
    switch (m.type) {
      case 'placeAbbey':
        return `Place the abbey at ${say.at(m as unknown as Pos)}`;
      case 'placeBarn':
        return `barn on the ${say.corner(m.corner as string)} corner`;
      case 'moveWagon': {
        const { kind, where } = say.feature(m.x as number, m.y as number, m.feature as number);
        return `wagon to the ${kind} ${where && where !== 'middle' ? `${where} ` : ''}of ${say.at(m as unknown as Pos)}`;
      }
      case 'returnWagon':
        return 'Return the wagon to the supply';
      default:
        return undefined;
    }
  },
  event(e, say) {
    switch (e.type) {
      case 'abbeySkipped':
        return null;
      case 'abbeyPlaced':
        return `${say.name(e.seat as number)} placed an abbey at ${say.at(e as unknown as Pos)}`;
      case 'wagonMoved':
        return `${say.name(e.seat as number)} moved a wagon from ${say.at(e.from as Pos)} to ${say.at(e.to as Pos)}`;
      case 'wagonReturned':
        return `${say.name(e.seat as number)}'s wagon at ${say.at(e.from as Pos)} went back to the supply`;
      default:
        return undefined;
    }
  },
  player: (p) => (p.abbey === undefined ? '' : p.abbey ? 'abbey in hand' : 'abbey placed'),
  // Completes "The field of 12 tiles for …" (the web client's log): a field scored because of a barn.
  scoreReasons: { 'barn-join': 'a barn it joined', barn: 'a barn' },
};
