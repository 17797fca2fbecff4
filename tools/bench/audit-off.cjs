// Preloaded (`node -r`) into a second content-api by `npm run bench -- content`: turns the audit
// log's recording off in that process only (issue 24), so the cost of recording is measured
// against the same build in the same run. Not a setting; nothing else loads it.
'use strict';

const path = require('node:path');

require(
  path.resolve(__dirname, '../../dist/libs/events/src/outbox.writer.js'),
).setAuditRecordingForBenchmark(false);
