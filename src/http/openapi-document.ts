/**
 * The last touches of the OpenAPI document, applied by @fastify/swagger's `transformObject`:
 * operation ids, descriptions and headers of every answer, the `code` values each error status
 * can carry (taken from the one code table, so a new code is documented by adding it there),
 * `security: []` on public operations, and discriminators on the move and event unions. The
 * discriminators live only here: Fastify's strict Ajv refuses the keyword in route schemas.
 */
import { hoistTitledSchemas } from './openapi-components.js';
import { ENGINE_REFUSAL, STATUS_BY_CODE, type ProblemCode } from './problem.js';

/** The parts of an OpenAPI 3.1 document these touches read or write; the rest passes through. */
interface Schema {
  [keyword: string]: unknown;
  $ref?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  const?: unknown;
  enum?: unknown[];
}
interface Header {
  description: string;
  schema: Schema;
}
interface Response {
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: Schema }[];
  responses?: Record<string, Response>;
}
interface OpenApiDocument {
  servers?: { url: string; description: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Operation ids, by `METHOD path` as the document names them. */
const OPERATION_IDS: Record<string, string> = {
  'GET /health': 'getHealth',
  'GET /tiles': 'listTiles',
  'GET /tiles/{set}/{name}.svg': 'getTileSvg',
  'POST /games': 'createGame',
  'GET /games/{id}': 'getGame',
  'GET /games/{id}/legal-moves': 'getLegalMoves',
  'GET /games/{id}/board.svg': 'getBoardSvg',
  'GET /games/{id}/hint': 'getHint',
  'POST /games/{id}/moves': 'submitMove',
  'GET /games/{id}/moves': 'getMoveLog',
  'GET /games/{id}/events': 'getEvents',
  'GET /games/{id}/stream': 'streamGame',
  'GET /games': 'listGames',
  'POST /games/{id}/seats/{seat}/join': 'joinSeat',
  'POST /games/{id}/seats/{seat}/resign': 'resignSeat',
  'POST /games/{id}/abort': 'abortGame',
  'POST /games/{id}/seats/{seat}/token': 'reissueSeatToken',
  'POST /games/{id}/seats/{seat}/bot': 'handSeatToBot',
  'PUT /games/{id}/webhook': 'subscribeWebhook',
  'GET /games/{id}/webhook': 'getWebhook',
  'DELETE /games/{id}/webhook': 'removeWebhook',
  'GET /games/{id}/webhook/deliveries': 'listWebhookDeliveries',
  'POST /games/{id}/webhook/deliveries/{deliveryId}/redeliver': 'redeliverWebhookDelivery',
  'GET /games/{id}/analysis': 'getAnalysis',
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  getHealth: 'The service is up',
  listTiles: 'The tile catalog',
  getTileSvg: 'The tile drawn as SVG',
  createGame: 'The game, its seat tokens (shown once) and the events of its creation',
  getGame: 'The public state',
  getLegalMoves: 'The actor, the phase and every legal move',
  getBoardSvg: 'The board drawn as SVG',
  getHint: "The mcts bot's move for the seat now, its estimated win rate and the version it is for",
  submitMove: 'The move is accepted: the new version, its events and (unless `return=minimal`) the state',
  getMoveLog: 'A page of the move log',
  getEvents: 'The events of the moves after `after`',
  streamGame: 'An event stream',
  listGames: 'A page of public games, newest first',
  joinSeat: 'The seat is yours: its token (shown once) and the version the join reached',
  resignSeat: 'The seat resigned: its autopilot plays its later turns',
  abortGame: 'The game is aborted',
  reissueSeatToken: "The seat's new token (shown once); the old one is refused from now on",
  handSeatToBot: "The seat is the bot's from now on",
  subscribeWebhook: 'The webhook and its new signing secret (shown once)',
  getWebhook: "The game's webhook: its URL and format (its secret is shown only when it is made)",
  removeWebhook: 'The webhook is removed',
  listWebhookDeliveries: "The game's latest deliveries, newest first",
  redeliverWebhookDelivery: 'Accepted: the delivery is pending again and due now, with its first id and payload',
  getAnalysis: "The analysis: each seat's chances after every decision, and the turning points",
};

const header = (description: string, schema: Schema = { type: 'string' }): Header => ({ description, schema });
const ETAG = { ETag: header('A weak tag of the game id and version: send it back as `If-None-Match`') };
const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before retrying', { type: 'integer' }) };

/** Headers of the successful answers, by operation id. */
const SUCCESS_HEADERS: Record<string, Record<string, Header>> = {
  createGame: { Location: header('The URL of the new game') },
  getGame: ETAG,
  getLegalMoves: ETAG,
  getMoveLog: { ...ETAG, Link: header('`<next page>; rel="next"` when this page is full') },
  getEvents: ETAG,
  listGames: {
    ETag: header('A tag of the page: send it back as `If-None-Match` to get `304` while the page is unchanged'),
    Link: header('`<next page>; rel="next"` when this page is full'),
  },
  submitMove: {
    'Idempotent-Replayed': header(
      '`true` when this is the stored answer of an earlier submission with the same `Idempotency-Key`',
    ),
    'Preference-Applied': header('`return=minimal` when the `Prefer` header asked for it', {
      type: 'string',
      enum: ['return=minimal'],
    }),
  },
};

/** Headers of the error answers, by status. */
const ERROR_HEADERS: Record<string, Record<string, Header>> = {
  401: { 'WWW-Authenticate': header('`Bearer`: the seat token goes in the Authorization header') },
  405: { Allow: header('The methods this path answers') },
  429: RETRY_AFTER,
  503: RETRY_AFTER,
};

/** The codes each status can carry, from the code table and the registry's engine codes. */
function codesOf(status: number, engineCodes: readonly string[]): string[] {
  const codes = new Set<string>(
    (Object.keys(STATUS_BY_CODE) as ProblemCode[]).filter((code) => STATUS_BY_CODE[code] === status),
  );
  if (status === ENGINE_REFUSAL) for (const code of engineCodes) codes.add(code);
  return [...codes].sort();
}

/** A named problem type per status, whose `code` is one of that status's codes. */
function problemFor(status: number, problem: Schema, engineCodes: readonly string[]): Schema {
  return {
    title: `Problem${status}`,
    type: 'object',
    allOf: [problem, { type: 'object', properties: { code: { type: 'string', enum: codesOf(status, engineCodes) } } }],
  };
}

function finishOperation(method: string, path: string, operation: Operation, engineCodes: readonly string[]): void {
  const id = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
  if (id === undefined)
    throw new Error(`no operationId for ${method.toUpperCase()} ${path}: name it in openapi-document.ts`);
  operation.operationId = id;
  operation.security ??= [];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const code = Number(status);
    if (code < 300) {
      response.description = SUCCESS_DESCRIPTIONS[id]!;
      if (SUCCESS_HEADERS[id]) response.headers = SUCCESS_HEADERS[id];
    } else if (code >= 400) {
      const content = response.content?.['application/problem+json'];
      if (content) content.schema = problemFor(code, content.schema, engineCodes);
      if (ERROR_HEADERS[status]) response.headers = ERROR_HEADERS[status];
    }
  }
}

/** Tags the anyOf of `type`-discriminated schemas named in components, with their mapping. */
function addDiscriminators(schemas: Record<string, Schema>): void {
  for (const name of ['Move', 'GameEvent', 'Act']) {
    const union = schemas[name];
    if (!union?.anyOf) continue;
    const mapping: Record<string, string> = {};
    for (const member of union.anyOf) {
      if (member.$ref === undefined) continue;
      const type = schemas[member.$ref.split('/').at(-1) ?? '']?.properties?.type;
      const literal = type?.const ?? (type?.enum?.length === 1 ? type.enum[0] : undefined);
      if (typeof literal === 'string') mapping[literal] = member.$ref;
    }
    union.discriminator = { propertyName: 'type', mapping };
  }
}

/** The document as served: `engineCodes` are the registry's error codes (all 422). */
export function finishDocument<T extends object>(document: T, engineCodes: readonly string[]): T {
  // The document is plain JSON being rewritten in place; these touches read only the parts typed above.
  const doc = hoistTitledSchemas(document) as unknown as OpenApiDocument;
  doc.servers = [{ url: '/', description: 'The server this document is served from (`/docs/json`)' }];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) finishOperation(method, path, operation, engineCodes);
  }
  // Hoisted again: the per-status problem types are named schemas too.
  const finished = hoistTitledSchemas(doc);
  addDiscriminators(finished.components.schemas);
  return finished as unknown as T;
}
