import { installContractCheck } from './openapi-contract';

// End-to-end tests drive real processes (the CLI takes about a second a call, several on a
// loaded two-core machine while the other lanes of `npm test` run; a CLI-heavy test makes ten).
jest.setTimeout(120_000);
// Every answer of a documented operation is checked against docs/openapi.json (issue 21).
installContractCheck();
