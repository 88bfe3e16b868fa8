// The modules of ./rules/, in one test process (see test/helpers/test-folder.ts).
import { runFolder } from '../helpers/test-folder.js';

await runFolder(new URL('./rules/', import.meta.url));
