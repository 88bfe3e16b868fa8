#!/usr/bin/env python3
"""An example bot on the Python client: creates a game and plays every seat to the end.

    python3 clients/python/example_bot.py --url http://127.0.0.1:3000 --new 2

Each seat plays random legal moves in its own thread, waiting for its turn with long-polls;
the main thread follows the game's event stream and prints the scoring that gave points (and
any lifecycle act, such as a resignation), then the final scores. Run from the checkout it
imports the `carcassonne_client/` beside it; anywhere else, the installed package
(`pip install ./clients/python`).
"""
from __future__ import annotations

import argparse
import random
import sys
import threading

from carcassonne_client import ApiError, ApiProblem, CarcassonneClient, LogEvent, Seat, SeatRequest, is_act


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Create a game and play every seat to the end with random legal moves.")
    parser.add_argument("--url", default="http://127.0.0.1:3000", help="the server (default %(default)s)")
    parser.add_argument("--new", type=int, required=True, metavar="N", help="players, 2 to 6")
    parser.add_argument("--bot", choices=("random", "greedy", "mcts"), help="the last seat is the server's bot of this kind")
    parser.add_argument("--seed", help="seeds the bots' choices (the pile stays the server's secret)")
    args = parser.parse_args(argv)
    if not 2 <= args.new <= 6:
        parser.error("--new: 2 to 6 players")
    client = CarcassonneClient(args.url)
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
