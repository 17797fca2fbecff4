'use strict';
module.exports = async () => {
  if (globalThis.__HC_STACK__) await globalThis.__HC_STACK__.stop();
};
