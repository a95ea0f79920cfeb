import { afterAll } from 'vitest';
import { removeTemporaryDirectories } from './temporary-directory.ts';

// Registered before any hook of the test file, so it runs after all of them (vitest runs after-hooks as a stack).
afterAll(removeTemporaryDirectories);
