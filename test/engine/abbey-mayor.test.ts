// The modules of ./abbey-mayor/, in one test process (see test/helpers/test-folder.ts).
import { runFolder } from '../helpers/test-folder.js';

await runFolder(new URL('./abbey-mayor/', import.meta.url));
