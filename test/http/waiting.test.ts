// The modules of ./waiting/, in one test process (see test/helpers/test-folder.ts).
import { runFolder } from '../helpers/test-folder.js';

await runFolder(new URL('./waiting/', import.meta.url));
