/**
 * The members the service adds to the engine's public state for a casual game created with named
 * seats only and no clock (`src/service/lifecycle/lifecycle.ts`): how the pile was set, not
 * rated, and the seats.
 */
export function lifecycleMembers(setup: { players: readonly { name: string }[]; tileOrder?: readonly string[] }) {
  return {
    pile: setup.tileOrder ? 'fixed' : 'seeded',
    rated: false,
    seats: setup.players.map((p, seat) => ({ seat, kind: 'human', name: p.name, resigned: false })),
  };
}
