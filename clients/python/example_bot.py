#!/usr/bin/env python3
"""An example bot on the Python client: creates a game and plays every seat to the end, or runs
as a bot account.

    python3 clients/python/example_bot.py --url http://127.0.0.1:3000 --new 2
    python3 clients/python/example_bot.py --url http://127.0.0.1:3000 --account RandomPy
    python3 clients/python/example_bot.py --url http://127.0.0.1:3000 --key cak_... --ladder

With `--new`, each seat plays random legal moves in its own thread, waiting for its turn with
long-polls; the main thread follows the game's event stream and prints the scoring that gave
points (and any lifecycle act, such as a resignation), then the final scores.

With `--account NAME` (or `--key`, or CARCASSONNE_KEY), as lichess-bot does on lichess: it
registers a bot account (or uses the key), sets its accept policy, then follows the account's
events (`follow_account`): it accepts the challenges that fit and declines the others, and plays
each turn of every game it is in as its `yourTurn` comes, all games at once, with random legal
moves. With `--ladder` it also joins the rated bot ladder once it follows its events (the
ladder's games then come like any other) and leaves it when it stops (after `--games`, Ctrl-C or
SIGTERM). Run from the checkout it imports the `carcassonne_client/` beside it; anywhere else, the
installed package (`pip install ./clients/python`).
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading
from typing import cast, get_args, get_type_hints

from carcassonne_client import AccountEvent, AccountEventType, ApiError, ApiProblem, CarcassonneClient, Handler, LogEvent, Seat, SeatRequest, is_act
from carcassonne_client.api_types import AcceptPolicy

# Every expansion the API names, read from the generated types (an accept policy's list of them),
# so that "all" stays all when one is added.
EXPANSIONS: tuple[str, ...] = get_args(get_args(get_type_hints(AcceptPolicy)["expansions"])[0])


def play_seat(seat: Seat, rng: random.Random, errors: list[BaseException]) -> None:
    try:
        while (legal := seat.wait_for_turn()) is not None:
            try:
                seat.play(legal["version"], rng.choice(legal["moves"]))
            except ApiProblem as problem:
                if problem.code != "VERSION_CONFLICT":  # another move came first: look again
                    raise
    except BaseException as error:  # noqa: BLE001 - told by the main thread
        errors.append(error)


def scoring(event: LogEvent, names: list[str], version: int) -> str | None:
    """A scoring event that gave points, in words; None for every other event."""
    if event["type"] not in ("featureScored", "goodsScored"):
        return None
    gained = [p for p in event["points"] if p["points"] > 0]  # type: ignore[typeddict-item]
    if not gained:
        return None
    what = event["good"] if event["type"] == "goodsScored" else event["kind"]  # type: ignore[typeddict-item]
    return f"v{version} {what}: " + ", ".join(f"{names[p['seat']]} +{p['points']}" for p in gained)


class AccountBot:
    """A bot account's handlers: challenges answered, every turn of every game played as it comes."""

    def __init__(self, client: CarcassonneClient, key: str, expansions: list[str], games: int | None, rng: random.Random) -> None:
        self.client, self.key, self.expansions, self.rng = client, key, expansions, rng
        self.games_left = games
        self.stop = threading.Event()

    def challenge(self, event: AccountEvent) -> None:
        # A challenge event's own members (docs/accounts.md): the challenge's id, who made it, its options.
        challenge_id, challenger = cast(str, event.get("challengeId")), cast(str, event.get("challenger"))
        options = cast(dict[str, list[str]], event.get("options") or {})
        other = [e for e in options.get("expansions", []) if e not in self.expansions]
        try:
            if other:
                self.client.decline_challenge(self.key, challenge_id, f"expansions: it does not play {other[0]}")
            else:
                self.client.accept_challenge(self.key, challenge_id)
        except ApiProblem as problem:
            if problem.code != "CHALLENGE_NOT_OPEN":  # canceled meanwhile: nothing to do
                raise
        print(f"challenge {challenge_id} from {challenger}: " + (f"declined ({other[0]})" if other else "accepted"), flush=True)

    def started(self, event: AccountEvent) -> None:
        print(f"game {event['gameId']} started: seat {event['seat']}", flush=True)

    def turn(self, event: AccountEvent) -> None:
        """Plays the whole turn (a tile, then a figure...): the event's moves first, then the legal moves read again."""
        game, seat = event["gameId"], event["seat"]
        version, moves = event["version"], event.get("moves")
        while True:
            if moves:
                try:
                    self.client.submit_move(game, self.key, version, self.rng.choice(moves), minimal=True)
                except ApiProblem as problem:
                    if problem.code not in ("VERSION_CONFLICT", "NOT_YOUR_TURN"):  # timed out, or played elsewhere
                        raise
            legal = self.client.get_legal_moves(game)
            if legal["actor"] != seat:
                return
            version, moves = legal["version"], legal["moves"]

    def finished(self, event: AccountEvent) -> None:
        scores = event.get("scores")
        print(f"game {event['gameId']} {event.get('status', 'finished')}" + (f": scores {', '.join(map(str, scores))}" if scores else ""), flush=True)
        if self.games_left is not None:
            self.games_left -= 1
            if self.games_left <= 0:
                self.stop.set()


class Stopped(Exception):
    """SIGTERM, taken as Ctrl-C is: the bot stops following, and leaves the ladder."""


def stop_on_sigterm(_signum: int, _frame: object) -> None:
    raise Stopped()


def run_account(client: CarcassonneClient, args: argparse.Namespace) -> None:
    key = args.key or os.environ.get("CARCASSONNE_KEY")
    if key is None:
        created = client.create_account(args.account, "bot")
        key = created["key"]
        print(f"registered bot account {created['name']}; its key (shown once, keep it): {key}", flush=True)
    expansions = [] if args.expansions == "none" else args.expansions.split(",")
    client.set_accept_policy(key, {"expansions": expansions, "maxGames": args.max_games})
    name = client.get_my_account(key)["name"]
    bot = AccountBot(client, key, expansions, args.games, random.Random(args.seed))
    handlers: dict[AccountEventType, Handler] = {"challenge": bot.challenge, "gameStarted": bot.started, "yourTurn": bot.turn, "gameFinished": bot.finished}
    on_ladder = False
    ladder_key: str = key  # narrowed above; the closure below sees only the declared type

    def following() -> None:
        nonlocal on_ladder
        print(f"{name} follows its events (random; at most {args.max_games} games at once)", flush=True)
        if args.ladder is not None and not on_ladder:
            client.join_ladder(ladder_key, args.ladder)
            on_ladder = True
            print(f"{name} joined the ladder (at most {args.ladder} ladder games at once)", flush=True)

    signal.signal(signal.SIGTERM, stop_on_sigterm)
    try:
        client.follow_account(key, handlers, moves=True, stop=bot.stop, on_following=following)
    except (Stopped, KeyboardInterrupt):
        pass
    if on_ladder:
        # No new ladder match for a bot that is gone.
        client.leave_ladder(key)
        print(f"{name} left the ladder", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Create a game and play every seat to the end with random legal moves.")
    parser.add_argument("--url", default="http://127.0.0.1:3000", help="the server (default %(default)s)")
    parser.add_argument("--new", type=int, metavar="N", help="players, 2 to 6")
    parser.add_argument("--account", metavar="NAME", help="run as a bot account: register NAME, accept challenges, play every game it is in")
    parser.add_argument("--key", help="run as the bot account of this key (or CARCASSONNE_KEY)")
    parser.add_argument("--expansions", default=",".join(EXPANSIONS), help="the account's expansions, comma-separated, or none (default: all)")
    parser.add_argument("--max-games", type=int, default=4, metavar="N", help="the account's games at once (default %(default)s)")
    parser.add_argument("--games", type=int, metavar="N", help="the account bot stops after N games ended")
    parser.add_argument("--ladder", type=int, nargs="?", const=2, metavar="N", help="the account bot joins the rated bot ladder with at most N ladder games at once (default 2: one duplicate match), and leaves it when it stops")
    parser.add_argument("--bot", choices=("random", "greedy", "mcts"), help="the last seat is the server's bot of this kind")
    parser.add_argument("--seed", help="seeds the bots' choices (the pile stays the server's secret)")
    args = parser.parse_args(argv)
    client = CarcassonneClient(args.url)
    if args.account or args.key or os.environ.get("CARCASSONNE_KEY"):
        try:
            run_account(client, args)
            return 0
        except ApiError as error:
            print(f"example_bot: the server at {args.url} answered {error}", file=sys.stderr)
        except OSError as error:
            print(f"example_bot: cannot reach the server at {args.url} ({getattr(error, 'reason', error)}): start it, or give its address with --url", file=sys.stderr)
        return 1
    if args.new is None or not 2 <= args.new <= 6:
        parser.error("--new: 2 to 6 players (or --account NAME)")
    names = [f"python-{i}" for i in range(args.new - (1 if args.bot else 0))]
    players: list[SeatRequest] = [{"name": n} for n in names] + ([{"bot": args.bot}] if args.bot else [])
    try:
        game = client.create_game({"players": players, "expansions": ["traders-builders", "abbey-mayor"]})
        names = [s["name"] for s in game["seats"]]
        print(f"game {game['id']}: {', '.join(names)}", flush=True)
        errors: list[BaseException] = []
        rng = random.Random(args.seed)
        threads = [threading.Thread(target=play_seat, args=(seat, random.Random(rng.random()), errors)) for seat in client.seats(game)]
        for thread in threads:
            thread.start()
        moves = 0
        # From version 0: the seats' threads may move before the stream is open, and a stream
        # opened without `after` would fold those moves into its first `state` message.
        for message in client.stream_game(game["id"], after=0):
            if message["event"] != "move":
                continue
            moves += 1
            entry = message["data"]["move"]
            if is_act(entry):  # not an engine move: a seat joined, resigned, timed out...
                print(f"v{message['data']['version']} act {entry['type']}", flush=True)
                continue
            for event in message["data"]["events"]:
                line = scoring(event, names, message["data"]["version"])
                if line:
                    print(line, flush=True)
        for thread in threads:
            thread.join()
        if errors:
            raise errors[0]
        final = client.get_game(game["id"])
        print(f"{moves} moves; final scores: " + ", ".join(f"{p['name']} {p['score']}" for p in final["players"]))
        return 0
    except ApiError as error:  # the API's refusal (ApiProblem), or an answer not the API's (NotTheApi)
        print(f"example_bot: the server at {args.url} answered {error}", file=sys.stderr)
    except OSError as error:  # urllib's URLError included
        reason = getattr(error, "reason", error)
        print(f"example_bot: cannot reach the server at {args.url} ({reason}): start it, or give its address with --url", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
