// The modules of ./traders-builders/, in one test process (see test/helpers/test-folder.ts).
import { runFolder } from '../helpers/test-folder.js';

await runFolder(new URL('./traders-builders/', import.meta.url));
