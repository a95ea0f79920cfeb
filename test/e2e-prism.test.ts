import { describe } from 'vitest';
import { contractSuite } from './support/contract-suite.ts';

/**
 * The same contract suite against `npm start` with Stoplight Prism in front as a validating
 * proxy: every exchange must agree with the OpenAPI document, and the requests the suite
 * makes wrong on purpose must be the only ones Prism finds fault with, in the request.
 */
describe('npm start through Stoplight Prism', () => {
  contractSuite('server/start.ts', {
    keyStore: 'local',
    readCountsDown: true,
    requestsPerClient: 20,
    throughPrism: true,
  });
});
