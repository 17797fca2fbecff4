// A run id so concurrent jest runs on one machine never share a database.
'use strict';
module.exports = async () => {
  process.env.HC_TEST_RUN =
    process.env.HC_TEST_RUN || `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
};
