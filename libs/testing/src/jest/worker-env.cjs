// Each integration worker gets its own settings (test-env.cjs): a database hc_t_<run>_<worker>,
// a data directory, and none of the caller's HC_* values. Applied again before every test file,
// so one file's changes to process.env never reach the next.
'use strict';
const { applyTestEnv } = require('./test-env.cjs');

applyTestEnv('integration', { run: process.env.HC_TEST_RUN, worker: process.env.JEST_WORKER_ID });
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'error';
