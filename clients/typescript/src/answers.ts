/**
 * Reading an answer: the API answers JSON (application/json, or application/problem+json for an
 * error, with a stable `code`). Anything else — an HTML page of another server, an empty body, a
 * proxy's error — is told as an `UnexpectedAnswer` naming what came, never a JSON parser's error.
 */
import type { components } from './api.js';

type Problem = components['schemas']['Problem'];

/** An error answer of the API, with its stable `code`. */
export class ApiProblem extends Error {
  constructor(
    readonly problem: Problem,
    /** Seconds the server asked to wait before retrying (`Retry-After`), 0 when it did not say. */
    readonly retryAfter = 0,
  ) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'ApiProblem';
  }
  get status(): number {
    return this.problem.status;
  }
  get code(): string {
    return this.problem.code;
  }
  get detail(): string {
    return this.problem.detail;
  }
}

/** An answer that is not the API's: the wrong `baseUrl`, a proxy, a server that is not this one. */
export class UnexpectedAnswer extends Error {
  readonly code = 'UNEXPECTED_ANSWER';
  constructor(
    readonly url: string,
    readonly status: number,
    readonly contentType: string,
    /** The first characters of the body. */
    readonly excerpt: string,
  ) {
    const what = excerpt === '' ? 'an empty body' : `${contentType || 'no content type'}: ${JSON.stringify(excerpt)}`;
    super(`${url} answered ${status} with ${what}, not the Carcassonne API's JSON (is the client's baseUrl the API?)`);
    this.name = 'UnexpectedAnswer';
  }
  get detail(): string {
    return this.message;
  }
}

/** The JSON of an answer, or the `ApiProblem` / `UnexpectedAnswer` it is. */
export async function readAnswer(res: Response, url: string): Promise<unknown> {
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  let body: unknown;
  try {
    body = /\bjson\b/.test(contentType) && text !== '' ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const unexpected = () => new UnexpectedAnswer(url, res.status, contentType, text.slice(0, 120));
  if (body === undefined) throw unexpected();
  if (res.ok) return body;
  const problem = body as Partial<Problem>;
  if (typeof problem.code !== 'string' || typeof problem.status !== 'number') throw unexpected();
  throw new ApiProblem(problem as Problem, Number(res.headers.get('retry-after') ?? 0));
}

/** The text of a non-JSON answer (an SVG), or the error it is. */
export async function readText(res: Response, url: string, type: RegExp): Promise<string> {
  if (res.ok && type.test(res.headers.get('content-type') ?? '')) return res.text();
  await readAnswer(res, url);
  throw new UnexpectedAnswer(url, res.status, res.headers.get('content-type') ?? '', '');
}
