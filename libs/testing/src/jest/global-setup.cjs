// A run id so concurrent jest runs on one machine never share a database.
'use strict';
const { newRunId } = require('./test-env.cjs');

module.exports = async () => {
  process.env.HC_TEST_RUN = process.env.HC_TEST_RUN || newRunId();
};
