// End-to-end tests drive real processes (the CLI takes about a second a call).
jest.setTimeout(60_000);
