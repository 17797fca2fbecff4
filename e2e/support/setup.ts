import { installContractCheck } from './openapi-contract';

// End-to-end tests drive real processes (the CLI takes about a second a call).
jest.setTimeout(60_000);
// Every answer of a documented operation is checked against docs/openapi.json (issue 21).
installContractCheck();
