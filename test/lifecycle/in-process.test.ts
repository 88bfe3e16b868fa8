// The modules of ./in-process/, in one test process (see test/helpers/test-folder.ts).
import { runFolder } from '../helpers/test-folder.js';

await runFolder(new URL('./in-process/', import.meta.url));
