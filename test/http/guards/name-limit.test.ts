/**
 * One limit per field: a player name's limit is the engine's MAX_NAME_LENGTH, counted in code
 * points by both the schema (JSON Schema's maxLength) and the engine, so what one accepts the
 * other does, and a refusal quotes the limit that applied.
 */
import t from 'tap';
import { createGame as engineCreate, MAX_NAME_LENGTH } from '../../../src/engine/index.js';
import { testApp } from '../helpers/app.js';
import { SCHEMAS } from '../helpers/schema.js';

const { CreateGameBody } = SCHEMAS;

const EMOJI = '🏰'; // one code point, two UTF-16 units
const create = (name: string) => ({ players: [{ name }, { name: 'Bob' }] });

t.test('the schema limit is the engine limit', async (t) => {
  t.equal(MAX_NAME_LENGTH, 40);
  const name = (CreateGameBody.properties.players.items.properties.name as unknown as { maxLength: number }).maxLength;
  t.equal(name, MAX_NAME_LENGTH);
});

t.test('33 emoji (66 UTF-16 units) make a valid name', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ method: 'POST', url: '/games', payload: create(EMOJI.repeat(33)) });
  t.equal(res.statusCode, 201, res.body);
  t.equal(res.json().seats[0].name, EMOJI.repeat(33));
});

t.test('a 40-code-point name is accepted, 41 refused with the limit quoted', async (t) => {
  const app = await testApp(t);
  for (const unit of ['a', EMOJI]) {
    const ok = await app.inject({ method: 'POST', url: '/games', payload: create(unit.repeat(40)) });
    t.equal(ok.statusCode, 201, `40 × ${unit}`);
    const refused = await app.inject({ method: 'POST', url: '/games', payload: create(unit.repeat(41)) });
    t.equal(refused.statusCode, 400, `41 × ${unit}`);
    t.match(refused.json().detail, /players\/0\/name must not have more than 40 characters/);
  }
});

t.test('the engine counts the same way the schema does', async (t) => {
  t.ok(engineCreate(create(EMOJI.repeat(40))).ok, '40 emoji');
  const refused = engineCreate(create(EMOJI.repeat(41)));
  t.notOk(refused.ok, '41 emoji');
  if (!refused.ok) t.match(refused.error.reason, /1 to 40 characters/);
});
