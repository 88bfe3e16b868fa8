import t from 'tap';
import { loadExamples, runExampleOnEngine } from '../helpers/examples.js';

// The spec's eight worked games, played straight through the engine API.
for (const { file, example } of loadExamples()) {
  t.test(`${example.name} (${file})`, async (t) => {
    t.same(runExampleOnEngine(example), [], example.checks);
  });
}
