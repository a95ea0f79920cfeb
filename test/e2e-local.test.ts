import { describe } from 'vitest';
import { contractSuite } from './support/contract-suite.ts';

/** The contract end to end against `npm start`: the one-machine server on its file store. */
describe('npm start', () => {
  contractSuite('server/start.ts', {
    keyStore: 'local',
    readCountsDown: true,
    requestsPerClient: 20,
  });
});
