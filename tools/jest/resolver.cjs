// Jest resolves with the `require` condition; the Kubernetes models (deploy/ tests) export only
// `import`, so their names resolve with it (swc then turns the ES modules into CommonJS).
'use strict';

const IMPORT_ONLY = /^(kubernetes-models|@kubernetes-models\/[^/]+)(\/|$)/;

module.exports = (request, options) =>
  options.defaultResolver(
    request,
    IMPORT_ONLY.test(request) ? { ...options, conditions: ['import', 'default'] } : options,
  );
