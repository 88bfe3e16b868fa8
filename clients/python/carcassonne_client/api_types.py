"""The API's shapes, generated from openapi/openapi.json by generate_types.py: do not edit."""
from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union


class AbbeyPlacedEvent(TypedDict):
    type: Literal["abbeyPlaced"]
    seat: int
    x: int
    y: int


class AbbeySkippedEvent(TypedDict):
    type: Literal["abbeySkipped"]
    seat: int
    reason: Literal["passed", "cannot-place"]


class AcceptPolicy(TypedDict):
    "Which challenges a bot account accepts by itself; others are declined with the reason"
    expansions: NotRequired[list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]]  # The expansions it plays (none: the base game only)
    minPlayers: NotRequired[int]
    maxPlayers: NotRequired[int]
    clock: NotRequired[Literal["any", "untimed", "timed"]]
    minTurnSeconds: NotRequired[int]  # The least time it must be sure of for any turn: the turn limit, and with a time bank the increment, whichever is less
    rated: NotRequired[Literal["any", "rated", "casual"]]
    maxGames: NotRequired[int]  # Games at once: beyond, it declines (`busy`)


class AcceptPolicyAnswer(TypedDict):
    policy: Union[AcceptPolicy, None]


class Account(TypedDict):
    name: str
    kind: Literal["player", "bot"]  # `player` (a person) or `bot` (a program: its seats show a bot badge)
    createdAt: str
    rating: Rating


class AccountCreated(TypedDict):
    name: str
    kind: Literal["player", "bot"]  # `player` (a person) or `bot` (a program: its seats show a bot badge)
    createdAt: str
    key: str  # The secret key (`cak_` and 43 characters): send it as `Authorization: Bearer <key>`. Shown only here
    keyId: str


class AccountEvent(TypedDict):
    id: NotRequired[str]  # Its place in the stream: resume after it (`Last-Event-ID`, `after`). None on the `yourTurn` events that describe the games as they are when a stream starts fresh
    type: Literal["gameStarted", "yourTurn", "gameFinished", "challenge", "challengeCanceled", "challengeDeclined"]
    at: str
    gameId: NotRequired[str]
    seat: NotRequired[int]  # The account's seat in the game
    version: NotRequired[int]  # The game's version the event is about
    phase: NotRequired[Literal["drawOrAbbey", "placeTile", "placeFigure", "moveWagon", "endgameAbbey", "finished"]]  # `yourTurn`: the phase the seat must act in
    moves: NotRequired[list[Move]]  # `yourTurn` with `moves=true`, while the game is still at `version`: the legal moves
    rated: NotRequired[bool]  # The result counts for the accounts' ratings (`docs/accounts.md`); sent with `gameStarted`
    status: NotRequired[Literal["waiting", "active", "finished", "aborted"]]  # `waiting` until every open seat is joined; `aborted` when the admin aborted it
    scores: NotRequired[list[int]]  # `gameFinished`: the final score of each seat


class AccountEvents(TypedDict):
    events: list[AccountEvent]
    cursor: str  # Ask again with `after` = this: the next answer starts after these events


class AccountKeyCreated(TypedDict):
    id: str  # The key's public id, to revoke it by
    key: str  # The secret key (`cak_` and 43 characters): send it as `Authorization: Bearer <key>`. Shown only here
    createdAt: str


class AccountKeysKeysItem(TypedDict):
    id: str
    createdAt: str
    revokedAt: Union[str, None]


class AccountKeys(TypedDict):
    keys: list[AccountKeysKeysItem]  # Every key the account was given, revoked ones too (never the keys themselves)


class AccountWebhook(TypedDict):
    url: str
    secret: str  # Signs each delivery (`Carcassonne-Signature`); shown only here


class AccountWebhookRequest(TypedDict):
    url: str  # Where deliveries are POSTed: https:// (http:// only for the host:port targets in WEBHOOK_ALLOW_HOSTS); never a private, loopback or link-local address


class AccountWebhookSettings(TypedDict):
    "The account's webhook, without its secret"
    url: str
    attempts: int  # Failed attempts at the event now due (0 when every event went through)
    lastStatus: Union[int, None]  # The receiver's status at the last attempt
    lastError: Union[str, None]  # Why the last attempt failed, if it did


class ActDone(TypedDict):
    version: int


class AnalysisDecisionsItem(TypedDict):
    decision: int  # The index of the move among the game's moves
    version: int  # The version the move reached (acts of the log counted): the replay's position
    seat: int
    move: Move
    chances: list[float]  # Each seat's chance after the decision (the tiles it drew included)
    se: list[float]  # The standard error of each seat's chance, in seat order (the band a reader may trust it within: about ±2 of them)
    best: NotRequired[Move]
    loss: float  # The chance the seat lost by its move: the best move's chance minus the played move's, both estimated in the same position with the same random numbers (0 when it played the best)
    lossSe: float  # The standard error of `loss`
    luck: list[float]  # Each seat's change of chance from the tiles the move drew (the chances after it minus those the played move had before the draw): luck, never a mistake; zeros when it drew none


class AnalysisTurningPointsItem(TypedDict):
    decision: int
    version: int
    seat: int
    move: Move
    best: Move
    before: float  # The seat's chance before its move (with the best move)
    played: float  # Its chance with the move played, before the draw
    after: float  # Its chance after the move and the tiles it drew
    loss: float  # The chance the seat lost by its move: the best move's chance minus the played move's, both estimated in the same position with the same random numbers (0 when it played the best)
    lossSe: float  # The standard error of `loss`


AnalysisSlidesItem = TypedDict("AnalysisSlidesItem", {"seat": "int", "from": "int", "to": "int", "fromVersion": "int", "toVersion": "int", "before": "float", "after": "float", "mistakes": "float", "luck": "float"})


class AnalysisPlayouts(TypedDict):
    "Look-aheads per candidate move at a position: more where the choice was close"
    median: int
    max: int


class Analysis(TypedDict):
    status: Literal["ready"]
    gameId: str
    start: list[float]  # Each seat's estimated chance to win, in seat order; they sum to 1
    startSe: list[float]  # The standard error of each seat's chance, in seat order (the band a reader may trust it within: about ±2 of them)
    decisions: list[AnalysisDecisionsItem]
    turningPoints: list[AnalysisTurningPointsItem]  # The mistakes that lost their seat the most chance (at least 2 points and twice their standard error), in game order; at most 5
    slides: list[AnalysisSlidesItem]  # Each seat's largest fall over many decisions (at least 25 points over at least 6 decisions), if any, split into its own mistakes and luck
    playouts: AnalysisPlayouts  # Look-aheads per candidate move at a position: more where the choice was close
    workerMs: int  # Worker time the analysis took
    computedAt: str


class AnalysisRunningProgress(TypedDict):
    done: int
    total: int  # Positions to evaluate (0: not known on this node yet)


class AnalysisRunning(TypedDict):
    "Being computed: ask again after `Retry-After` seconds"
    status: Literal["running"]
    progress: AnalysisRunningProgress


class BoardFigure(TypedDict):
    owner: int
    kind: Literal["meeple", "builder", "pig", "mayor", "wagon", "barn", "largeMeeple"]
    x: int
    y: int
    feature: NotRequired[int]
    corner: NotRequired[Literal["NE", "SE", "SW", "NW"]]


class BonusPartStartedEvent(TypedDict):
    type: Literal["bonusPartStarted"]
    seat: int


class ChallengeSeatsItem(TypedDict):
    name: str
    kind: Literal["player", "bot"]
    answer: Literal["pending", "accepted", "declined"]


class ChallengeOptionsRules(TypedDict):
    endgameAbbeys: NotRequired[Literal["continue", "final-round", "none"]]
    wagonMove: NotRequired[Literal["c2", "c1"]]
    riverTurns: NotRequired[Literal["c2", "lookahead"]]
    riverStartTile: NotRequired[Literal["remove", "shuffle"]]


class ChallengeOptions(TypedDict):
    expansions: NotRequired[list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]]
    rules: NotRequired[ChallengeOptionsRules]
    clock: NotRequired[Clock]
    rated: NotRequired[bool]  # The result counts for the accounts' ratings (`docs/accounts.md`): every seat must be an account (default false)


class Challenge(TypedDict):
    id: str
    status: Literal["open", "started", "declined", "canceled"]  # `open` while answers are awaited; `started` once every seat accepted (see `gameId`); `declined`; `canceled`
    challenger: str
    seats: list[ChallengeSeatsItem]
    options: ChallengeOptions
    gameId: NotRequired[str]  # The game, once every seat accepted
    reason: NotRequired[str]  # Why it was declined or canceled
    createdAt: str


class Challenges(TypedDict):
    challenges: list[Challenge]


class Clock(TypedDict):
    "A limit per turn (`turnSeconds`), a time bank per seat (`bankSeconds`, with `incrementSeconds`), or both: whichever runs out first ends the turn"
    turnSeconds: NotRequired[int]  # Seconds a player has for one turn
    bankSeconds: NotRequired[int]  # Each seat's time bank: seconds for all its turns together, used while its turns run
    incrementSeconds: NotRequired[int]  # Added to a seat's bank after each of its turns (Fischer); with `bankSeconds` only
    onTimeout: NotRequired[Literal["autopilot", "forfeit"]]  # When a turn limit or a bank runs out: `autopilot` (default) plays the turn for the seat, `forfeit` resigns the seat


class ClockView(TypedDict):
    turnSeconds: NotRequired[int]  # The limit of one turn, when the game has one
    bankSeconds: NotRequired[int]  # Each seat's time bank at the start, when the game has one
    incrementSeconds: NotRequired[int]  # Added to a seat's bank after each of its turns
    onTimeout: Literal["autopilot", "forfeit"]  # `autopilot`: the turn is played by its autopilot; `forfeit`: the seat resigns
    deadline: Union[str, None]  # When the current player's time runs out: the turn's limit or the bank, the first (none on a bot's turn)
    running: Union[int, None]  # The seat whose time runs now
    runningSince: Union[str, None]  # When the running seat's time began to run (the start of its turn)
    banksMs: NotRequired[list[int]]  # Each seat's bank in milliseconds; the running seat's as at `runningSince` (a client subtracts the time since)


class CreateAccount(TypedDict):
    name: str  # Normalised to NFC and trimmed; refused (400) when empty after that, or holding a control, bidi, zero-width or other invisible formatting character, a blank filler (Hangul fillers, the blank Braille pattern), an invisible combining character, a variation selector that varies nothing, or a lone surrogate; or when it shows no letter, digit, symbol or punctuation
    kind: Literal["player", "bot"]  # `player` (a person) or `bot` (a program: its seats show a bot badge)


class CreateChallengeRules(TypedDict):
    endgameAbbeys: NotRequired[Literal["continue", "final-round", "none"]]
    wagonMove: NotRequired[Literal["c2", "c1"]]
    riverTurns: NotRequired[Literal["c2", "lookahead"]]
    riverStartTile: NotRequired[Literal["remove", "shuffle"]]


class CreateChallenge(TypedDict):
    accounts: list[str]  # The accounts challenged, by name; the challenger takes the first seat, they the next ones in this order
    expansions: NotRequired[list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]]
    rules: NotRequired[CreateChallengeRules]
    clock: NotRequired[Clock]
    rated: NotRequired[bool]  # The result counts for the accounts' ratings (`docs/accounts.md`): every seat must be an account (default false)


class CreatedGameSeatsItemAccount(TypedDict):
    "The account holding the seat, when one does (`docs/accounts.md`)"
    name: str
    kind: Literal["player", "bot"]  # `bot`: the seat is played by a bot account (its badge)


class CreatedGameSeatsItem(TypedDict):
    seat: int
    name: str
    kind: Literal["human", "open", "bot"]
    account: NotRequired[CreatedGameSeatsItemAccount]  # The account holding the seat, when one does (`docs/accounts.md`)
    token: NotRequired[str]  # The secret that authorises moves for this seat (named seats only, not an account's: its key acts for it); shown only here


class CreatedGame(TypedDict):
    id: str
    seats: list[CreatedGameSeatsItem]
    adminToken: str  # The secret that may abort the game, reissue a seat's token or hand a seat to a bot; shown only here
    state: GameState
    events: list[GameEvent]  # Events of the game start (the first draw)
    webhook: NotRequired[Webhook]


class CreateGameRules(TypedDict):
    endgameAbbeys: NotRequired[Literal["continue", "final-round", "none"]]
    wagonMove: NotRequired[Literal["c2", "c1"]]
    riverTurns: NotRequired[Literal["c2", "lookahead"]]
    riverStartTile: NotRequired[Literal["remove", "shuffle"]]


class CreateGame(TypedDict):
    players: list[SeatRequest]
    expansions: NotRequired[list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]]
    rules: NotRequired[CreateGameRules]
    seed: NotRequired[str]  # Secret; never shown again
    tileOrder: NotRequired[list[str]]  # Fixes the whole draw pile from the first draw (the state then says `pile: "fixed"`)
    visibility: NotRequired[Literal["public", "private"]]  # `public` games are listed by GET /games (default `private`)
    clock: NotRequired[Clock]
    webhook: NotRequired[WebhookRequest]
    rated: NotRequired[bool]  # The result counts for the accounts' ratings (`docs/accounts.md`): every seat must be an account (default false)


class DeclineChallenge(TypedDict):
    reason: NotRequired[str]


class DrawMove(TypedDict):
    type: Literal["draw"]


class EventBatch(TypedDict):
    seq: int  # The log entry (a move or an act) that produced these events
    seat: int
    events: list[LogEvent]


class Events(TypedDict):
    version: int
    created: NotRequired[list[GameEvent]]  # The events of the game's creation (its first draw): only when `after` is not given
    events: list[EventBatch]


class FeatureScoredEventTilesItem(TypedDict):
    x: int
    y: int


class FeatureScoredEventPointsItem(TypedDict):
    seat: int
    points: int


class FeatureScoredEvent(TypedDict):
    type: Literal["featureScored"]
    kind: Literal["road", "city", "field", "monastery", "abbey"]
    tiles: list[FeatureScoredEventTilesItem]
    reason: Literal["road", "city", "monastery", "abbey", "field", "barn", "barn-join", "goods"]
    points: list[FeatureScoredEventPointsItem]
    returned: list[BoardFigure]
    final: bool


class FigurePlacedEvent(TypedDict):
    type: Literal["figurePlaced"]
    seat: int
    figure: BoardFigure


class FigureSkippedEvent(TypedDict):
    type: Literal["figureSkipped"]
    seat: int
    reason: Literal["passed", "no-legal-placement"]


class FinalScoringStartedEvent(TypedDict):
    type: Literal["finalScoringStarted"]


class GameAbortedAct(TypedDict):
    type: Literal["gameAborted"]


class GameEndedEvent(TypedDict):
    type: Literal["gameEnded"]
    scores: list[int]


class GameStateRules(TypedDict):
    endgameAbbeys: Literal["continue", "final-round", "none"]
    wagonMove: Literal["c2", "c1"]
    riverTurns: NotRequired[Literal["c2", "lookahead"]]
    riverStartTile: NotRequired[Literal["remove", "shuffle"]]


class GameStateTilesItem(TypedDict):
    tile: str
    x: int
    y: int
    rotation: Literal[0, 90, 180, 270]  # Degrees clockwise


class GameStatePendingWagonsItem(TypedDict):
    seat: int
    x: int
    y: int


class GameState(TypedDict):
    id: str
    version: int  # Entries of the log so far: moves and lifecycle acts
    pile: Literal["seeded", "fixed"]  # `fixed` when the creator gave the tile order, else drawn from the secret seed
    rated: bool  # The result counts for the accounts' ratings (`docs/accounts.md`); the seats get no hints
    seats: list[SeatView]  # Who sits in each seat: a player, an open seat, a bot; and who resigned
    clock: NotRequired[ClockView]
    status: Literal["waiting", "active", "finished", "aborted"]  # `waiting` until every open seat is joined; `aborted` when the admin aborted it
    expansions: list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]
    rules: GameStateRules
    players: list[Player]
    scores: list[int]  # Scores in seat order
    goods: NotRequired[list[GoodsCount]]  # Goods per seat (Traders & Builders)
    activeSeat: Union[int, None]
    actor: Union[int, None]  # The seat that must act now (for a wagon decision: its owner)
    phase: Literal["drawOrAbbey", "placeTile", "placeFigure", "moveWagon", "endgameAbbey", "finished"]
    drawnTile: Union[str, None]
    bonusPart: bool  # True during the builder's second part of a turn
    tiles: list[GameStateTilesItem]
    figures: list[BoardFigure]
    pendingWagons: list[GameStatePendingWagonsItem]
    tilesLeft: dict[str, int]  # Tiles left in the pile per tile id
    tilesLeftTotal: int


class GoodsAwardedEvent(TypedDict):
    type: Literal["goodsAwarded"]
    seat: int
    goods: GoodsCount


class GoodsCount(TypedDict):
    wine: int
    wheat: int
    cloth: int


class GoodsScoredEventPointsItem(TypedDict):
    seat: int
    points: int


class GoodsScoredEvent(TypedDict):
    type: Literal["goodsScored"]
    good: Literal["wine", "wheat", "cloth"]
    points: list[GoodsScoredEventPointsItem]


class HandToBot(TypedDict):
    bot: Literal["random", "greedy", "mcts"]
    level: NotRequired[int]  # The bot's strength within its kind: for `mcts` its iterations a move, 13 to 1,080 (3 times the level below; 4, the default, is what 100 ms of an idle core buys)


class Hint(TypedDict):
    version: int  # The version the hint is for (the game may have moved on while it was searched)
    seat: int
    move: Move
    winRate: float  # The mcts bot's estimated chance that the seat wins after this move (a draw counts half), from its look-ahead
    iterations: int  # Search iterations behind the hint


class JoinLadder(TypedDict):
    maxGames: int  # Ladder games it plays at once at most (a match is two games played together)


class JoinSeat(TypedDict):
    name: NotRequired[str]  # Normalised to NFC and trimmed; refused (400) when empty after that, or holding a control, bidi, zero-width or other invisible formatting character, a blank filler (Hangul fillers, the blank Braille pattern), an invisible combining character, a variation selector that varies nothing, or a lone surrogate; or when it shows no letter, digit, symbol or punctuation


class LadderBotsItem(TypedDict):
    name: str
    kind: Literal["player", "bot"]
    maxGames: int
    joinedAt: str
    playing: int  # The games of its matches being played (a match counts both its games until the round that settles it)
    rating: Union[LadderRating, None]  # null until it is rated
    record: LadderRecord


class Ladder(TypedDict):
    bots: list[LadderBotsItem]
    results: list[LadderResult]  # The latest finished pairs, newest first


class LadderEntry(TypedDict):
    name: str
    maxGames: int
    joinedAt: str


class LadderRating(TypedDict):
    mu: float  # The rating's mean
    sigma: float  # Its uncertainty (a standard deviation)
    games: int  # Rated games it stands on
    interval: list[float]  # mu − 2 sigma, mu + 2 sigma


class LadderRecord(TypedDict):
    pairs: int  # Duplicate pairs finished
    won: int  # Pairs it won (both games, or one and a draw)
    split: int  # Pairs split (one game each, or two draws)
    lost: int
    points: float  # Games won, a draw counting ½


class LadderResult(TypedDict):
    id: str
    a: str  # Seat 0 of the first game, seat 1 of the second
    b: str
    gameIds: list[str]
    points: list[list[float]]  # Each game's final points, [a's, b's]
    halves: int  # a's half games over the pair
    result: Literal["lost both", "lost one, drew one", "split", "won one, drew one", "won both"]  # The pair from a's side
    finishedAt: str


class LadderSprtParameters(TypedDict):
    elo0: float
    elo1: float
    alpha: float
    beta: float


class LadderSprt(TypedDict):
    a: str
    b: str
    parameters: LadderSprtParameters
    counts: list[int]  # Finished pairs by a's half games over the pair: lost both, ½, split, 1½, won both
    pairs: int
    llr: float  # The log-likelihood ratio of H1 against H0
    lower: float  # ln(beta / (1 − alpha)): H0 is accepted at or below
    upper: float  # ln((1 − beta) / alpha): H1 is accepted at or above
    verdict: Literal["H1", "H0", "continue"]  # `H1`: a is stronger than b by elo1 or more; `H0`: by no more than elo0; `continue`: more pairs are needed


class LeaderboardAccountsItem(TypedDict):
    name: str
    kind: Literal["player", "bot"]  # `bot` is the bot badge
    rating: float  # The displayed rating: mu - 3 sigma, a conservative estimate (0 for a new account)
    mu: float  # The estimate of skill (25 for a new account)
    sigma: float  # The estimate's uncertainty (25/3 for a new account): it shrinks as games are played
    games: int  # Rated games played


class Leaderboard(TypedDict):
    accounts: list[LeaderboardAccountsItem]  # The accounts that played a rated game, highest rating first
    next: NotRequired[str]  # The next page (also in the `Link` header), when this one is full


class LegalMoves(TypedDict):
    version: int
    actor: Union[int, None]
    phase: Literal["drawOrAbbey", "placeTile", "placeFigure", "moveWagon", "endgameAbbey", "finished"]
    moves: list[Move]


class LobbyGamesItem(TypedDict):
    id: str
    status: Literal["waiting", "active", "finished", "aborted"]  # `waiting` until every open seat is joined; `aborted` when the admin aborted it
    createdAt: str
    players: list[SeatView]
    expansions: list[Literal["traders-builders", "abbey-mayor", "inns-cathedrals", "river"]]
    clock: NotRequired[Clock]
    rated: bool  # The result counts for the accounts' ratings (`docs/accounts.md`)


class Lobby(TypedDict):
    games: list[LobbyGamesItem]
    next: NotRequired[str]  # The next page (also in the `Link` header), when this one is full


class MoveAccepted(TypedDict):
    version: int
    events: list[GameEvent]
    state: GameState


class MoveAcceptedMinimal(TypedDict):
    version: int
    events: list[GameEvent]


class MoveLog(TypedDict):
    moves: list[MoveLogEntry]
    next: NotRequired[str]  # The next page (also in the `Link` header), when this one is full


class MoveLogEntry(TypedDict):
    seq: int
    seat: int
    move: Union[Move, Act]  # A move, or a lifecycle act
    at: str


class MoveSubmission(TypedDict):
    expectedVersion: int  # The version the client saw; a different current version answers 409
    move: Move


class MoveWagonMove(TypedDict):
    type: Literal["moveWagon"]
    x: int
    y: int
    feature: int  # Index into the tile's catalog `features`


class MyGamesGamesItem(TypedDict):
    id: str
    seat: int  # The account's seat
    status: Literal["waiting", "active", "finished", "aborted"]  # `waiting` until every open seat is joined; `aborted` when the admin aborted it
    yourTurn: bool  # The account's seat must act now: these games come first
    version: NotRequired[int]  # The game's version now (games not over)
    createdAt: str
    players: list[SeatView]


class MyGames(TypedDict):
    games: list[MyGamesGamesItem]
    next: NotRequired[str]  # The next page (also in `Link`), when this one is full: older games


class PassMove(TypedDict):
    type: Literal["pass"]


class PlaceAbbeyMove(TypedDict):
    type: Literal["placeAbbey"]
    x: int
    y: int


class PlaceBarnMove(TypedDict):
    type: Literal["placeBarn"]
    x: int
    y: int
    corner: Literal["NE", "SE", "SW", "NW"]


class PlaceFigureMove(TypedDict):
    type: Literal["placeFigure"]
    figure: Literal["meeple", "builder", "pig", "mayor", "wagon", "largeMeeple"]
    x: int
    y: int
    feature: int  # Index into the tile's catalog `features`


class PlacementUndoneEvent(TypedDict):
    type: Literal["placementUndone"]
    seat: int
    tile: str
    x: int
    y: int


class PlaceTileMove(TypedDict):
    type: Literal["placeTile"]
    x: int
    y: int
    rotation: Literal[0, 90, 180, 270]  # Degrees clockwise


class PlayerSupply(TypedDict):
    meeple: NotRequired[int]
    builder: NotRequired[int]
    pig: NotRequired[int]
    mayor: NotRequired[int]
    wagon: NotRequired[int]
    barn: NotRequired[int]
    largeMeeple: NotRequired[int]


class Player(TypedDict):
    seat: int
    name: str
    score: int
    supply: PlayerSupply
    goods: NotRequired[GoodsCount]
    abbey: NotRequired[bool]  # Whether the seat still has its abbey


class Problem(TypedDict):
    type: str
    title: str
    status: int
    code: str  # Stable machine-readable error code
    detail: str
    currentVersion: NotRequired[int]  # On 409: the version the game is at now
    retryAfter: NotRequired[int]  # On 429, 503 and 507: seconds to wait, as in the Retry-After header


class Rating(TypedDict):
    rating: float  # The displayed rating: mu - 3 sigma, a conservative estimate (0 for a new account)
    mu: float  # The estimate of skill (25 for a new account)
    sigma: float  # The estimate's uncertainty (25/3 for a new account): it shrinks as games are played
    games: int  # Rated games played


class ReturnWagonMove(TypedDict):
    type: Literal["returnWagon"]


class SeatHandedToBotAct(TypedDict):
    type: Literal["seatHandedToBot"]
    seat: int
    bot: Literal["random", "greedy", "mcts"]
    level: NotRequired[int]


class SeatJoined(TypedDict):
    seat: int
    name: str
    token: NotRequired[str]  # The seat's secret token, shown only here; none when an account joined (its key acts for the seat)
    version: int


class SeatJoinedAct(TypedDict):
    type: Literal["seatJoined"]
    seat: int
    name: str


class SeatRequest(TypedDict):
    "Exactly one of: `name` (a player), `open: true` (an open seat, joined later), `bot` (with an optional `level`), `account` (your own account, by its name: needs its key)"
    name: NotRequired[str]  # Normalised to NFC and trimmed; refused (400) when empty after that, or holding a control, bidi, zero-width or other invisible formatting character, a blank filler (Hangul fillers, the blank Braille pattern), an invisible combining character, a variation selector that varies nothing, or a lone surrogate; or when it shows no letter, digit, symbol or punctuation
    open: NotRequired[Literal[True]]
    bot: NotRequired[Literal["random", "greedy", "mcts"]]
    level: NotRequired[int]  # The bot's strength within its kind: for `mcts` its iterations a move, 13 to 1,080 (3 times the level below; 4, the default, is what 100 ms of an idle core buys)
    account: NotRequired[str]  # An account's name: the account holds the seat


class SeatResigned(TypedDict):
    seat: int
    version: int


class SeatResignedAct(TypedDict):
    type: Literal["seatResigned"]
    seat: int
    reason: NotRequired[Literal["outOfTime"]]  # The clock's forfeit: the seat's time ran out (none: it resigned)


class SeatViewAccount(TypedDict):
    "The account holding the seat, when one does (`docs/accounts.md`)"
    name: str
    kind: Literal["player", "bot"]  # `bot`: the seat is played by a bot account (its badge)


class SeatView(TypedDict):
    seat: int
    kind: Literal["human", "open", "bot"]
    name: str
    bot: NotRequired[Literal["random", "greedy", "mcts"]]
    level: NotRequired[int]
    resigned: bool  # Resigned: the score stays, its autopilot plays its turns
    account: NotRequired[SeatViewAccount]  # The account holding the seat, when one does (`docs/accounts.md`)


class StreamAnalysisMessage(TypedDict):
    gameId: str
    version: int  # The game's final version: the analysis covers the game up to it
    url: str  # Where to read the analysis (`GET /games/{id}/analysis`, now answering 200)


class StreamMoveMessage(TypedDict):
    version: int  # The version this entry reached (also the event id)
    seat: int
    move: Union[Move, Act]
    at: str
    events: list[LogEvent]
    actor: Union[int, None]  # The seat that must act next (null once the game is over)
    phase: Literal["drawOrAbbey", "placeTile", "placeFigure", "moveWagon", "endgameAbbey", "finished"]


class StreamStateMessage(TypedDict):
    version: int
    actor: Union[int, None]  # The seat that must act next (null once the game is over)
    phase: Literal["drawOrAbbey", "placeTile", "placeFigure", "moveWagon", "endgameAbbey", "finished"]
    state: GameState
    created: list[GameEvent]  # The events of the game's creation (its first draw), as `GET /games/{id}/events` answers them without `after`


TileCatalogSets = TypedDict("TileCatalogSets", {"base": "int", "traders-builders": "int", "abbey-mayor": "int", "inns-cathedrals": "int", "river": "int"})


class TileCatalogTilesItemFeaturesItem0(TypedDict):
    kind: Literal["city"]
    edges: list[Literal["N", "E", "S", "W"]]
    pennants: int
    goods: NotRequired[Literal["wine", "wheat", "cloth"]]
    cathedral: NotRequired[Literal[True]]


class TileCatalogTilesItemFeaturesItem1(TypedDict):
    kind: Literal["road"]
    edges: list[Literal["N", "E", "S", "W"]]
    tunnel: NotRequired[bool]
    continuous: NotRequired[bool]
    inn: NotRequired[Literal[True]]


class TileCatalogTilesItemFeaturesItem2(TypedDict):
    kind: Literal["field"]
    halfEdges: list[Literal["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]]
    adjacentCities: list[int]


class TileCatalogTilesItemFeaturesItem3(TypedDict):
    kind: Literal["monastery"]


class TileCatalogTilesItemFeaturesItem4(TypedDict):
    kind: Literal["abbey"]


class TileCatalogTilesItemFeaturesItem5(TypedDict):
    "A river (The River): no feature, never holds a figure, never scored"
    kind: Literal["river"]
    edges: list[Literal["N", "E", "S", "W"]]
    end: NotRequired[Literal["spring", "lake"]]


class TileCatalogTilesItem(TypedDict):
    id: str
    set: Literal["base", "traders-builders", "abbey-mayor", "inns-cathedrals", "river"]
    count: int
    startTile: NotRequired[bool]
    features: list[Union[TileCatalogTilesItemFeaturesItem0, TileCatalogTilesItemFeaturesItem1, TileCatalogTilesItemFeaturesItem2, TileCatalogTilesItemFeaturesItem3, TileCatalogTilesItemFeaturesItem4, TileCatalogTilesItemFeaturesItem5]]  # Features at rotation 0; a segment is addressed by its index here
    wagonLinks: list[list[int]]


class TileCatalog(TypedDict):
    sets: TileCatalogSets
    tiles: list[TileCatalogTilesItem]


class TileDiscardedEvent(TypedDict):
    type: Literal["tileDiscarded"]
    seat: int
    tile: str
    reason: Literal["unplaceable"]


class TileDrawnEvent(TypedDict):
    type: Literal["tileDrawn"]
    seat: int
    tile: str


class TilePlacedEvent(TypedDict):
    type: Literal["tilePlaced"]
    seat: int
    tile: str
    x: int
    y: int
    rotation: Literal[0, 90, 180, 270]  # Degrees clockwise


class TokenReissued(TypedDict):
    seat: int
    token: str  # The seat's new token; the old one is refused from now on
    version: int


class TokenReissuedAct(TypedDict):
    type: Literal["tokenReissued"]
    seat: int


class TurnStartedEvent(TypedDict):
    type: Literal["turnStarted"]
    seat: int


class TurnTimedOutAct(TypedDict):
    type: Literal["turnTimedOut"]
    seat: int


class UndoMove(TypedDict):
    type: Literal["undo"]


class WagonMovedEventFrom(TypedDict):
    x: int
    y: int


WagonMovedEvent = TypedDict("WagonMovedEvent", {"type": "Literal[\"wagonMoved\"]", "seat": "int", "from": "WagonMovedEventFrom", "to": "BoardFigure"})


class WagonReturnedEventFrom(TypedDict):
    x: int
    y: int


WagonReturnedEvent = TypedDict("WagonReturnedEvent", {"type": "Literal[\"wagonReturned\"]", "seat": "int", "from": "WagonReturnedEventFrom", "reason": "Literal[\"chosen\", \"no-target\"]"})


class Webhook(TypedDict):
    url: str
    secret: str  # Signs each delivery (`Carcassonne-Signature`); shown only here
    format: Literal["json", "discord", "slack"]  # What the deliveries look like


class WebhookDeliveries(TypedDict):
    deliveries: list[WebhookDelivery]  # The latest deliveries, newest first


class WebhookDelivery(TypedDict):
    id: str
    type: Literal["seatMustAct", "seatJoined", "seatResigned", "turnTimedOut", "gameFinished", "gameAborted"]
    version: int  # The game's version after the entry that caused it
    createdAt: str
    status: Literal["pending", "delivered", "failed"]  # `pending` (to be sent or retried), `delivered`, or `failed` (given up)
    attempts: int
    nextAttemptAt: Union[str, None]
    lastAttemptAt: Union[str, None]
    lastStatus: Union[int, None]
    lastError: Union[str, None]


class WebhookRequest(TypedDict):
    url: str  # Where deliveries are POSTed: https:// (http:// only for the host:port targets in WEBHOOK_ALLOW_HOSTS); never a private, loopback or link-local address
    format: NotRequired[Literal["json", "discord", "slack"]]  # `json` (the default): the signed delivery document; `discord` or `slack`: that service's incoming-webhook message, one line per event


class WebhookSettings(TypedDict):
    "The game's webhook, without its secret"
    url: str
    format: Literal["json", "discord", "slack"]  # What the deliveries look like


class Health(TypedDict):
    "The node serves, and its store takes writes"
    status: Union[Literal["ok"], Literal["degraded"]]  # `degraded` (with status 503) while the store refuses writes
    store: Union[Literal["ok"], Literal["full"], Literal["unavailable"]]  # Whether the store takes writes: `full` (the disk), `unavailable` (read-only or unreachable)


Act: TypeAlias = Union[SeatJoinedAct, TokenReissuedAct, SeatHandedToBotAct, GameAbortedAct, SeatResignedAct, TurnTimedOutAct]
GameEvent: TypeAlias = Union[TurnStartedEvent, TileDrawnEvent, TileDiscardedEvent, TilePlacedEvent, FigurePlacedEvent, PlacementUndoneEvent, FigureSkippedEvent, FeatureScoredEvent, BonusPartStartedEvent, FinalScoringStartedEvent, GameEndedEvent, GoodsAwardedEvent, GoodsScoredEvent, AbbeyPlacedEvent, WagonMovedEvent, WagonReturnedEvent, AbbeySkippedEvent]
LogEvent: TypeAlias = Union[GameEvent, Act]
Move: TypeAlias = Union[DrawMove, PlaceTileMove, PlaceFigureMove, PassMove, UndoMove, PlaceAbbeyMove, PlaceBarnMove, MoveWagonMove, ReturnWagonMove]

# The lifecycle acts' types: a log entry or an event of one of these is an act, not the engine's.
ACT_TYPES: frozenset[str] = frozenset({"gameAborted", "seatHandedToBot", "seatJoined", "seatResigned", "tokenReissued", "turnTimedOut"})
