// Unit tests see none of the caller's HC_* values (test-env.cjs), before every test file.
'use strict';
require('./test-env.cjs').applyTestEnv('unit');
